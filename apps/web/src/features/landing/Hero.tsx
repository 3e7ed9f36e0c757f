import { Link } from 'react-router';
import type { Me } from '@rush/protocol';
import { buttonClass } from '../../ui/Button.tsx';
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

/** The landing hero: the two ways to play (SPEC 6: visitors are sent to /login). */
export function Hero({ me, productName }: { me: Me | null; productName: string }) {
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
      <div className="hero-board" aria-hidden="true">
        {Array.from({ length: 64 }, (_, i) => (
          <span key={i} className={(Math.floor(i / 8) + i) % 2 === 0 ? 'sq light' : 'sq dark'} />
        ))}
      </div>
    </section>
  );
}
