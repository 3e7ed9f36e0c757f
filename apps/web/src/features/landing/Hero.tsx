import { Link } from 'react-router';
import type { Me } from '@rush/protocol';
import { buttonClass } from '../../ui/Button.tsx';
import { FeaturedBoard } from './FeaturedBoard.tsx';
import { useLanding } from './useLanding.ts';
import { usePlayersOnline } from './usePlayersOnline.ts';

function PlayersOnline() {
  const online = usePlayersOnline();
  return (
    <p className="players-online">
      <span className="online-dot" aria-hidden="true" />
      Players online: {online ?? '-'}
    </p>
  );
}

/**
 * The landing hero: the two ways to play (SPEC 6: visitors are sent to /login) beside the board
 * of the featured game (the landing's own query, shared with the dashboard below).
 */
export function Hero({ me, productName }: { me: Me | null; productName: string }) {
  const landing = useLanding(me?.uid ?? null);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-copy">
        <h1 id="hero-title">Play chess. Win real stakes.</h1>
        <p className="hero-lead">
          Head-to-head chess for US dollars or RushCoins on {productName}: blitz and rapid matches, puzzle rushes and
          battles against players at your level.
        </p>
        <div className="hero-actions">
          <Link to={me ? '/start' : '/login'} className={buttonClass('primary', 'btn-large')}>
            Play 1 vs 1
          </Link>
          <Link to={me ? '/puzzle-game' : '/login'} className={buttonClass('secondary', 'btn-large')}>
            Puzzle Games
          </Link>
        </div>
        <PlayersOnline />
      </div>
      <FeaturedBoard featured={landing.isError ? null : landing.data?.featured} />
    </section>
  );
}
