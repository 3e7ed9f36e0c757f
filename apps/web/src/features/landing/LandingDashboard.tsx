import { useId } from 'react';
import { Link } from 'react-router';
import type { Me } from '@rush/protocol';
import { buttonClass } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { LandingLeaderboard } from './LandingLeaderboard.tsx';
import { OngoingGames } from './OngoingGames.tsx';
import { RecentGameCard } from './RecentGameCard.tsx';
import { useLanding } from './useLanding.ts';

function TotalGames({ total }: { total: number }) {
  return (
    <p className="landing-total">
      <span className="landing-total-number">{total.toLocaleString('en-US')}</span> games played
    </p>
  );
}

/** The landing's live part under the hero: games played, ongoing matches, the top 15, the recent game. */
export function LandingDashboard({ me }: { me: Me | null }) {
  const headingId = useId();
  const query = useLanding(me?.uid ?? null);
  const body = (
    <QueryState query={query} loading="Loading matches…" subject="matches">
      {(data) => (
        <div className="landing-grid">
          <div className="landing-column">
            {me && data.recentGame ? <RecentGameCard game={data.recentGame} /> : null}
            <OngoingGames games={data.ongoing} myUid={me?.uid ?? null} />
          </div>
          <LandingLeaderboard leaderboard={data.leaderboard} />
        </div>
      )}
    </QueryState>
  );
  return (
    <section className="landing-dashboard" aria-labelledby={headingId}>
      <header className="landing-dashboard-header">
        <h2 id={headingId} className="visually-hidden">
          Live on the site
        </h2>
        {query.data ? <TotalGames total={query.data.totalGames} /> : null}
        <Link to={me ? '/start' : '/login'} className={buttonClass('primary', 'btn-large')}>
          Play Now
        </Link>
      </header>
      {body}
    </section>
  );
}
