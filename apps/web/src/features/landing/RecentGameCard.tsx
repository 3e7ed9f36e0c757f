import { useId } from 'react';
import { Link } from 'react-router';
import { FAIRPLAY_TEXTS } from '@rush/domain';
import type { RecentGameView } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { formatDateTime } from '../wallet/index.ts';

/** How the card words each outcome (ours: the SPEC names the card, not its words). */
export const OUTCOME_TEXT: Record<RecentGameView['outcome'], string> = {
  win: 'You won',
  loss: 'You lost',
  draw: 'Draw',
  aborted: 'Aborted',
};

const STAKE_FATE: Record<RecentGameView['outcome'], string> = {
  win: 'won',
  loss: 'lost',
  draw: 'returned',
  aborted: 'returned',
};

/** The stake as the card shows it: "Wager $5.00 won", lost, or returned. */
function Stake({ game: g }: { game: RecentGameView }) {
  if (g.currency === null || g.amount === null) return null;
  // A held payout is not "won" yet (issue 14).
  const fate = g.underReview ? FAIRPLAY_TEXTS.underReview.toLowerCase() : STAKE_FATE[g.outcome];
  return (
    <p className="recent-stake">
      Wager <Amount minor={g.amount} currency={g.currency} /> {fate}
    </p>
  );
}

/** SPEC 2 recent game card: the signed-in user's last finished game. */
export function RecentGameCard({ game }: { game: RecentGameView }) {
  const headingId = useId();
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
      <Stake game={game} />
      <Link to={`/tv/${encodeURIComponent(game.gameId)}`} className="landing-card-link">
        View game
      </Link>
    </section>
  );
}
