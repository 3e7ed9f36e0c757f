import { useId } from 'react';
import { Link } from 'react-router';
import { MATCH_TEXTS } from '@rush/domain';
import type { OngoingGameView } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { buttonClass } from '../../ui/Button.tsx';

type Side = OngoingGameView['white'];

/** "name (rating)" as SPEC 2 writes it. */
const player = (p: Side) => `${p.username} (${p.rating})`;

/** The wager of a live game; friendly games have none (ours: the SPEC names no text). */
function Wager({ game: g }: { game: Pick<OngoingGameView, 'currency' | 'amount'> }) {
  return g.currency !== null && g.amount !== null ? <Amount minor={g.amount} currency={g.currency} /> : 'Friendly';
}

/**
 * SPEC 2 ongoing matches: "own name (rating) VS opponent (rating)", the wager, Watch. A game of
 * the viewer's own is written from their side.
 */
export function OngoingGames({ games, myUid }: { games: readonly OngoingGameView[]; myUid: string | null }) {
  const headingId = useId();
  return (
    <section className="landing-card ongoing-games" aria-labelledby={headingId}>
      <header className="landing-card-header">
        <h2 id={headingId}>Ongoing matches</h2>
      </header>
      {games.length === 0 ? (
        <p className="landing-empty">{MATCH_TEXTS.noMatchesNow}</p>
      ) : (
        <ul className="ongoing-list">
          {games.map((g) => {
            const [own, other] = g.black.uid === myUid ? [g.black, g.white] : [g.white, g.black];
            const title = `${player(own)} VS ${player(other)}`;
            return (
              <li key={g.gameId} className="ongoing-item">
                <span className="ongoing-players">
                  {player(own)} <span className="ongoing-vs">VS</span> {player(other)}
                </span>
                <span className="ongoing-wager">
                  <Wager game={g} />
                </span>
                <Link
                  to={`/tv/${encodeURIComponent(g.gameId)}`}
                  className={buttonClass('secondary')}
                  aria-label={`Watch ${title}`}
                >
                  Watch
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
