import type { SoloRunView } from '@rush/protocol';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface SoloResultDialogProps {
  run: SoloRunView;
  busy: boolean;
  onPlayAgain: () => void;
  onBack: () => void;
}

/** The result popup at the end of a Solo Puzzle Rush run. */
export function SoloResultDialog({ run, busy, onPlayAgain, onBack }: SoloResultDialogProps) {
  const { stats } = run;
  const best = Math.max(run.best, stats.score);
  return (
    <Dialog title="Puzzle Rush over" onClose={onBack} className="confirm-dialog rush-result">
      <dl className="rush-result-list">
        <div>
          <dt>Score</dt>
          <dd>{stats.score}</dd>
        </div>
        <div>
          <dt>Puzzles completed</dt>
          <dd>{stats.puzzlesCompleted}</dd>
        </div>
        <div>
          <dt>Largest streak</dt>
          <dd>{stats.largestStreak}</dd>
        </div>
        <div>
          <dt>Best score</dt>
          <dd>{best}</dd>
        </div>
      </dl>
      {stats.score > 0 && stats.score >= run.best ? <p className="rush-best">New best score!</p> : null}
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onPlayAgain} busy={busy} data-autofocus>
          Play again
        </Button>
      </div>
    </Dialog>
  );
}
