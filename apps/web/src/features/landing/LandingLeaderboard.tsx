import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Currency } from '@rush/domain';
import type { LandingResponse } from '@rush/protocol';
import { CurrencySwitch, LeaderboardTable } from '../leaderboard/index.ts';

/** SPEC 2 landing: the top 15 with the same switch as /leaderboard, and a link to it. */
export function LandingLeaderboard({ leaderboard }: { leaderboard: LandingResponse['leaderboard'] }) {
  const headingId = useId();
  const [currency, setCurrency] = useState<Currency>('usd');
  return (
    <section className="landing-card landing-leaderboard" aria-labelledby={headingId}>
      <header className="landing-card-header">
        <h2 id={headingId}>Leaderboard</h2>
        <Link to="/leaderboard" className="landing-card-link">
          View full leaderboard
        </Link>
      </header>
      <CurrencySwitch value={currency} onChange={setCurrency} />
      <LeaderboardTable currency={currency} rows={leaderboard[currency]} />
    </section>
  );
}
