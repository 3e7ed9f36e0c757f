import { useId } from 'react';
import { Link } from 'react-router';
import type { RecentGameView } from '@rush/protocol';
import { formatDateTime } from '../wallet/format.ts';
import { formatWon } from '../leaderboard/format.ts';

/** How the card words each outcome (ours: the SPEC names the card, not its words). */
export const OUTCOME_TEXT: Record<RecentGameView['outcome'], string> = {
  win: 'You won',
  loss: 'You lost',
  draw: 'Draw',
  aborted: 'Aborted',
};

/** The stake as the card shows it: won, lost, or returned. */
function stakeText(g: RecentGameView): string | null {
  if (g.currency === null || g.amount === null) return null;
  const amount = formatWon(g.amount, g.currency);
  if (g.outcome === 'win') return `Wager ${amount} won`;
  if (g.outcome === 'loss') return `Wager ${amount} lost`;
  return `Wager ${amount} returned`;
}

/** SPEC 2 recent game card: the signed-in user's last finished game. */
export function RecentGameCard({ game }: { game: RecentGameView }) {
  const headingId = useId();
  const stake = stakeText(game);
  return (
    <section className={`landing-card recent-game recent-${game.outcome}`} aria-labelledby={headingId}>
      <header className="landing-card-header">
        <h2 id={headingId}>Your recent game</h2>
        <time dateTime={game.endedAt} className="recent-date">
          {formatDateTime(game.endedAt)}
        </time>
      </header>
      <p className="recent-result">
        <strong>{OUTCOME_TEXT[game.outcome]}</strong> vs {game.opponent ?? 'None'}
      </p>
      {stake ? <p className="recent-stake money">{stake}</p> : null}
      <Link to={`/tv/${encodeURIComponent(game.gameId)}`} className="landing-card-link">
        View game
      </Link>
    </section>
  );
}
