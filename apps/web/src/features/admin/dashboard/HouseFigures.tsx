import { useId } from 'react';
import { formatAmount } from '@rush/domain';
import type { DashboardResponse } from '@rush/protocol';

/** A net loss as words: the house lost it, or (negative) won it. */
export function houseResult(lost: number): string {
  if (lost < 0) return `won ${formatAmount(-lost, 'wbx')}`;
  return `lost ${formatAmount(lost, 'wbx')}`;
}

/**
 * The house against bots (issue 33), as of now whatever the range: its float, what it has at
 * stake in live bot games, and what it lost (or won) over the last hour and day. The bankroll
 * rule refuses bot games past 25,000 RC an hour to one player and 200,000 RC to everyone.
 */
export function HouseFigures({ house }: { house: DashboardResponse['house'] }) {
  const headingId = useId();
  return (
    <section className="dashboard-house" aria-labelledby={headingId}>
      <h3 id={headingId}>The house against bots, now</h3>
      <dl className="dashboard-stats">
        <div className="dashboard-stat">
          <dt>House float</dt>
          <dd>{formatAmount(house.float, 'wbx')}</dd>
        </div>
        <div className="dashboard-stat">
          <dt>At stake in live bot games</dt>
          <dd>{formatAmount(house.atRisk, 'wbx')}</dd>
        </div>
        <div className="dashboard-stat">
          <dt>Last hour</dt>
          <dd>{houseResult(house.lostHour)}</dd>
        </div>
        <div className="dashboard-stat">
          <dt>Last 24 hours</dt>
          <dd>{houseResult(house.lostDay)}</dd>
        </div>
      </dl>
    </section>
  );
}
