import { Component, lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../ui/QueryState.tsx';
import { fetchPlayerSeries, playerSeriesKey } from './api.ts';
import { chartsOf, type ChartSpec } from './chartModel.ts';
import './players.css';

// The chart library loads where a chart draws, never with a page's first load (issue 17's budget).
const SeriesChart = lazy(() => import('./SeriesChart.tsx').then((m) => ({ default: m.SeriesChart })));

export const PLAYER_CHART_TEXTS = {
  loading: 'Loading charts…',
  drawing: 'Drawing the chart…',
  /** The drawing failed (the chunk did not load): the caption and the table still say it all. */
  failed: 'The chart could not be drawn; its points are in the table below.',
  // Charts count rated games and settled stakes only: an aborted or bot game is in the history
  // table but draws no point, so "No games yet" above that table said what was not so (issue 36).
  emptyOwn: 'No charts yet: your rating and winnings charts fill in with your rated and staked games.',
  emptyOther: 'No rated or staked games yet.',
} as const;

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="player-chart-note">{PLAYER_CHART_TEXTS.failed}</p>;
    return this.props.children;
  }
}

/** One chart: its caption (title and summary), the drawing, and its points as a table on demand. */
function ChartFigure({ spec }: { spec: ChartSpec }) {
  const id = useId();
  return (
    <figure className="player-chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption>
        <h3 id={`${id}-title`}>{spec.title}</h3>
        <p id={`${id}-summary`} className="player-chart-summary">
          {spec.summary}
        </p>
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<p className="player-chart-note">{PLAYER_CHART_TEXTS.drawing}</p>}>
          <SeriesChart spec={spec} />
        </Suspense>
      </ChartBoundary>
      <details className="player-chart-table">
        <summary>Table of the {spec.title} points</summary>
        <table className="data-table">
          <caption className="visually-hidden">{spec.title}, point by point</caption>
          <thead>
            <tr>
              {spec.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function ChartList({ charts, own }: { charts: readonly ChartSpec[]; own: boolean }) {
  if (charts.length === 0) {
    return <p className="player-charts-empty">{own ? PLAYER_CHART_TEXTS.emptyOwn : PLAYER_CHART_TEXTS.emptyOther}</p>;
  }
  return (
    <div className="player-chart-grid">
      {charts.map((spec) => (
        <ChartFigure key={spec.id} spec={spec} />
      ))}
    </div>
  );
}

interface PlayerChartsProps {
  uid: string;
  /** The signed-in user's own charts (History) rather than another player's (the profile). */
  own: boolean;
  /** The section's accessible name ("Your charts", "bob's charts"). */
  label: string;
}

/**
 * Issue 19: a player's rating over time per family and the wagers won and lost over time per
 * currency, with loading, failure (Try again) and "no games yet" states.
 */
export function PlayerCharts({ uid, own, label }: PlayerChartsProps) {
  const query = useQuery({ queryKey: playerSeriesKey(uid), queryFn: () => fetchPlayerSeries(uid) });
  const charts = useMemo(() => (query.data ? chartsOf(query.data) : []), [query.data]);
  return (
    <section className="player-charts" aria-label={label}>
      <QueryState query={query} loading={PLAYER_CHART_TEXTS.loading} subject="charts">
        {() => <ChartList charts={charts} own={own} />}
      </QueryState>
    </section>
  );
}
