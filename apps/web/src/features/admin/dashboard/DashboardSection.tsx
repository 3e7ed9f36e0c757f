import { Component, lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, dayKey, DASHBOARD_MAX_DAYS, resolveDayRange } from '@rush/domain';
import type { DashboardResponse } from '@rush/protocol';
import { Button } from '../../../ui/Button.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { dashboardKey, fetchDashboard, type DayRangeInput } from './api.ts';
import { DashboardTable } from './DashboardTable.tsx';
import { HouseFigures } from './HouseFigures.tsx';
import {
  aggregate,
  CHART_GROUPS,
  formatValue,
  isEmpty,
  SERIES,
  SERIES_ORDER,
  seriesSummary,
  type ChartGroup,
} from './model.ts';
import './dashboard.css';

// The chart library loads with the dashboard only: neither the landing nor the play pages carry it.
const DashboardChart = lazy(() => import('./DashboardChart.tsx').then((m) => ({ default: m.DashboardChart })));

const PRESETS = [7, 30, 90] as const;

/** The last `days` UTC days, today included. */
function lastDays(days: number, today: string): DayRangeInput {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * Admin console, Dashboard (issue 12): games, new users, deposits and withdrawals, fee revenue
 * and users online per UTC day over a chosen range; one chart per group of series, each with a
 * caption that says what it shows, and the same numbers as a table for keyboard and screen-reader
 * users (or anyone who wants the figures).
 */
export function DashboardSection() {
  const headingId = useId();
  const today = dayKey(new Date());
  const [range, setRange] = useState<DayRangeInput>(() => lastDays(30, today));
  const [draft, setDraft] = useState<DayRangeInput>(range);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const query = useQuery({
    queryKey: dashboardKey(range),
    queryFn: () => fetchDashboard(range),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const choose = (next: DayRangeInput) => {
    setRangeError(null);
    setDraft(next);
    setRange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const decision = resolveDayRange(draft, new Date());
    if (!decision.ok) {
      setRangeError(decision.message);
      return;
    }
    choose({ from: decision.range.from, to: decision.range.to });
  };

  return (
    <section className="admin-dashboard" aria-labelledby={headingId}>
      <div className="dashboard-head">
        <h2 id={headingId}>Dashboard</h2>
        <div className="dashboard-presets" role="group" aria-label="Quick ranges">
          {PRESETS.map((n) => {
            const preset = lastDays(n, today);
            const active = preset.from === range.from && preset.to === range.to;
            return (
              <Button
                key={n}
                variant={active ? 'primary' : 'secondary'}
                aria-pressed={active}
                onClick={() => choose(preset)}
              >
                Last {n} days
              </Button>
            );
          })}
        </div>
      </div>

      <form className="dashboard-range" onSubmit={submit} noValidate aria-describedby={`${headingId}-range-hint`}>
        <div className="field">
          <label htmlFor={`${headingId}-from`}>From</label>
          <input
            id={`${headingId}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            aria-invalid={rangeError ? true : undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${headingId}-to`}>To</label>
          <input
            id={`${headingId}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={rangeError ? true : undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <Button type="submit" variant="secondary">
          Show
        </Button>
        <p className="dashboard-range-hint" id={`${headingId}-range-hint`}>
          UTC days, both included, at most {DASHBOARD_MAX_DAYS}.
        </p>
        {rangeError ? (
          <p className="field-error dashboard-range-error" role="alert">
            {rangeError}
          </p>
        ) : null}
      </form>

      <QueryState query={query} loading="Loading the dashboard…" subject="dashboard">
        {(data) => (
          <DashboardBody
            data={data}
            busy={query.isPlaceholderData}
            asTable={asTable}
            onToggleTable={() => setAsTable((v) => !v)}
          />
        )}
      </QueryState>
    </section>
  );
}

interface BodyProps {
  data: DashboardResponse;
  busy: boolean;
  asTable: boolean;
  onToggleTable: () => void;
}

function DashboardBody({ data, busy, asTable, onToggleTable }: BodyProps) {
  const first = data.days[0] ?? '';
  const last = data.days.at(-1) ?? '';
  const charts = useMemo(
    () =>
      CHART_GROUPS.map((group) => ({
        group,
        series: group.series.map((k) => ({ label: SERIES[k].label, values: data[k], unit: SERIES[k].unit })),
      })),
    [data],
  );
  const empty = isEmpty(data);
  return (
    <div className="dashboard-body" aria-busy={busy || undefined}>
      <p className="dashboard-range-shown">
        {first === last ? first : `${first} to ${last}`} ({data.days.length} {data.days.length === 1 ? 'day' : 'days'},
        UTC)
      </p>
      <dl className="dashboard-stats">
        {SERIES_ORDER.map((k) => {
          const def = SERIES[k];
          return (
            <div key={k} className="dashboard-stat">
              <dt>{def.aggregate === 'max' ? `${def.label} (highest day)` : def.label}</dt>
              <dd>{formatValue(def.unit, aggregate(def, data[k]))}</dd>
            </div>
          );
        })}
        <div className="dashboard-stat">
          <dt>Online now</dt>
          <dd>{formatValue({ kind: 'count' }, data.onlineNow)}</dd>
        </div>
      </dl>

      <HouseFigures house={data.house} />

      <div className="dashboard-view">
        <Button variant="secondary" aria-pressed={asTable} onClick={onToggleTable}>
          Show as table
        </Button>
      </div>

      {asTable ? (
        <DashboardTable data={data} />
      ) : empty ? (
        <p className="dashboard-empty">Nothing in this range: no games, sign-ups, payments, fees or online samples.</p>
      ) : (
        <div className="dashboard-charts">
          {charts.map(({ group, series }) => (
            <ChartFigure key={group.id} group={group} data={data}>
              <ChartBoundary>
                <Suspense fallback={<p className="dashboard-chart-loading">Loading chart…</p>}>
                  <DashboardChart days={data.days} series={series} />
                </Suspense>
              </ChartBoundary>
            </ChartFigure>
          ))}
        </div>
      )}
    </div>
  );
}

function ChartFigure({ group, data, children }: { group: ChartGroup; data: DashboardResponse; children: ReactNode }) {
  const titleId = useId();
  return (
    <figure className="dashboard-chart" aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId}>{group.title}</h3>
        <p className="dashboard-chart-summary">
          {group.series.map((k) => seriesSummary(SERIES[k], data.days, data[k])).join(' ')}
        </p>
      </figcaption>
      {children}
    </figure>
  );
}

/** A chart that cannot load (its chunk, a canvas) leaves the caption and the table. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return <p className="dashboard-chart-loading">The chart could not be drawn; the table has the same numbers.</p>;
    return this.props.children;
  }
}
