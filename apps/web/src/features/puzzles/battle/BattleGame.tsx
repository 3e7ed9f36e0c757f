import { useMemo, useState } from 'react';
import { PUZZLE_TEXTS } from '@rush/domain';
import { Board } from '../../../ui/board/Board.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';
import { fenAfter, movesBetween, positionInfo } from '../../../ui/board/chess.ts';
import { PromotionDialog } from '../../../ui/board/PromotionDialog.tsx';
import { canSkip, shownMoves } from '../puzzleCycle.ts';
import { clockText } from './format.ts';
import { localDeadline, type LobbyEntry } from './queries.ts';
import { useBattleStart } from './useBattleStart.ts';
import { ScoreTable, SummaryTable } from './ScoreTables.tsx';
import { useBattleBoard } from './useBattleBoard.ts';

const NO_DESTS: ReadonlyMap<string, readonly string[]> = new Map();

interface BattleGameProps {
  entry: LobbyEntry;
  meUid: string;
  busy: string | null;
  onForfeit: () => void;
  onLeave: () => void;
}

/** The time left to `endsAt`, on the server's clock. */
function BattleTimer({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null;
  return (
    <p className="battle-timer" role="timer" aria-label="Time left">
      {seconds === 0 ? PUZZLE_TEXTS.timeUp : clockText(seconds)}
    </p>
  );
}

/** SPEC 9 start overlay: counts down over the board and lifts 1.2 s before the battle begins. */
function StartOverlay({ count }: { count: number }) {
  return (
    <div className="start-overlay" role="timer" aria-label={`Starting in ${count}`}>
      <span className="start-overlay-title">Get ready</span>
      <span className="start-overlay-count" aria-hidden="true">
        {count}
      </span>
    </div>
  );
}

/**
 * SPEC 2 battle game: the board, the timer, the live summary and the score table; Skip, Forfeit
 * (non-owners only) and Leave game early. The start overlay counts down first; moves count once
 * the battle has begun. Results come with the lobby's `finished` state.
 */
export function BattleGame({ entry, meUid, busy, onForfeit, onLeave }: BattleGameProps) {
  const { view, offset } = entry;
  const left = useSecondsLeft(localDeadline(view.endsAt, offset));
  // The start countdown comes before the battle's own time: the timer never shows more than it.
  const seconds = left === null ? null : Math.min(left, Math.ceil(view.settings.time / 1000));
  const start = useBattleStart(view.startedAt, offset);
  // Time is up: no more moves, the results follow with the lobby's `finished` state.
  const live = view.status === 'started' && seconds !== 0;
  // The first puzzle comes when the start overlay lifts, so its opening move plays in view.
  const board = useBattleBoard(view.id, live && start.count === null);
  const { state } = board;
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const [confirmForfeit, setConfirmForfeit] = useState(false);
  const me = view.participants.find((p) => p.uid === meUid) ?? null;
  const isOwner = view.owner.uid === meUid;

  const line = useMemo(() => shownMoves(state), [state]);
  const fen = useMemo(
    () => (state.puzzle ? (fenAfter(state.puzzle.fen, line) ?? state.puzzle.fen) : null),
    [state.puzzle, line],
  );
  const info = useMemo(() => (fen ? positionInfo(fen) : null), [fen]);
  const canMove = live && start.begun && state.phase === 'play' && !!info && info.turn === board.color;
  const last = line[line.length - 1];
  const lastMove = useMemo(() => (last ? ([last.slice(0, 2), last.slice(2, 4)] as const) : null), [last]);

  const onBoardMove = (from: string, to: string) => {
    if (!info) return;
    const options = movesBetween(info, from, to);
    if (options.length > 1) setPromotion({ from, to });
    else if (options[0]) board.move(options[0].uci);
  };

  return (
    <section className="battle-game" aria-label="Battle Puzzle Rush">
      <div className="battle-layout">
        <div className="battle-main">
          <BattleTimer seconds={seconds} />
          {live && start.count !== null ? (
            <StartOverlay count={start.count} />
          ) : info && board.color ? (
            <Board
              label="Puzzle board"
              pieces={info.pieces}
              orientation={board.color}
              dests={canMove ? info.dests : NO_DESTS}
              lastMove={lastMove}
              check={info.check}
              onMove={onBoardMove}
              className={state.verdict === 'wrong' ? 'is-wrong' : undefined}
            />
          ) : (
            <p role="status">{board.loading ? 'Loading…' : live ? 'No more puzzles.' : ''}</p>
          )}
          <p className="battle-status" aria-live="polite" aria-atomic="true">
            {live && !start.begun ? PUZZLE_TEXTS.notBegun : board.status}
          </p>
          <FormMessage text={board.error} />
          {live ? (
            <div className="battle-actions">
              <Button variant="secondary" onClick={board.skip} busy={board.skipping} disabled={!canSkip(state)}>
                Skip
              </Button>
              {!isOwner ? (
                <Button variant="danger" onClick={() => setConfirmForfeit(true)} busy={busy === 'forfeit'}>
                  Forfeit
                </Button>
              ) : null}
              <Button variant="ghost" onClick={onLeave} busy={busy === 'leave'}>
                Leave game early
              </Button>
            </div>
          ) : null}
        </div>
        <div className="battle-side">
          {me ? <SummaryTable me={me} /> : null}
          <ScoreTable participants={view.participants} />
        </div>
      </div>
      {promotion && board.color ? (
        <PromotionDialog
          color={board.color}
          onCancel={() => setPromotion(null)}
          onChoose={(kind) => {
            const { from, to } = promotion;
            setPromotion(null);
            board.move(`${from}${to}${kind}`);
          }}
        />
      ) : null}
      {confirmForfeit ? (
        <ConfirmDialog
          title="Forfeit"
          message="Forfeit this battle? You cannot come back to it."
          confirmLabel="Forfeit"
          onCancel={() => setConfirmForfeit(false)}
          onConfirm={() => {
            setConfirmForfeit(false);
            onForfeit();
          }}
        />
      ) : null}
    </section>
  );
}
