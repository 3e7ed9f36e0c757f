import { inFirstMoveWindow, type Color } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';
import { formatClock } from '../../ui/Clock.tsx';
import { useSecondsLeft } from '../../ui/useSecondsLeft.ts';
import { localTimeOf, type LiveGame } from './liveGame.ts';
import { colorName } from './PlayerBar.tsx';

interface DisconnectBannerProps {
  game: LiveGame;
  onClaim?: () => void;
  claiming?: boolean;
}

/**
 * A player's sockets all closed: the published grace period counts down, then the opponent may
 * claim victory (SPEC 4; the server decides whether the claim holds).
 */
export function DisconnectBanner({ game, onClaim, claiming = false }: DisconnectBannerProps) {
  const { view } = game;
  const d = view.status === 'started' ? view.disconnect : null;
  const secondsLeft = useSecondsLeft(d ? localTimeOf(game, d.graceEndsAt) : null);
  if (!d || secondsLeft === null) return null;
  const you = view.you;
  // An engine never leaves (issue 36): a row marked before the server's mend says nothing here.
  if (you === d.color || view.engine === d.color) return null;
  const who = you ? 'Your opponent' : colorName(d.color);
  return (
    <div className="notice notice-error game-banner" role="status">
      <p>
        {who} disconnected.{' '}
        {secondsLeft > 0 ? (
          <span>
            {you ? 'You can claim victory in ' : 'They have '}
            <span className="tabular">{formatClock(secondsLeft * 1000)}</span>
            {you ? '.' : ' to come back.'}
          </span>
        ) : you ? null : (
          <span>The grace period is over.</span>
        )}
      </p>
      {you && secondsLeft === 0 && onClaim ? (
        <Button variant="danger" onClick={onClaim} busy={claiming}>
          Claim victory
        </Button>
      ) : null}
    </div>
  );
}

/** Before both first moves the clocks do not run; each first move has a deadline instead. */
export function FirstMoveNote({ game }: { game: LiveGame }) {
  const { view } = game;
  const deadline = view.status === 'started' && inFirstMoveWindow(view.ply) ? view.firstMoveDeadline : null;
  const secondsLeft = useSecondsLeft(deadline ? localTimeOf(game, deadline) : null);
  if (secondsLeft === null) return null;
  const mover: Color = view.turn;
  const text =
    view.you === mover
      ? `Make your first move within ${secondsLeft} s, or the game is cancelled.`
      : `${colorName(mover)} has ${secondsLeft} s to make the first move.`;
  return (
    <p className="notice game-banner first-move-note" role="note">
      {text}
    </p>
  );
}
