import { formatAmount, type Currency } from '@rush/domain';
import { DASHBOARD_SERIES, type DashboardResponse, type DashboardSeries } from '@rush/protocol';

/** What the dashboard draws and tabulates: the response's series, their names and units. */

export type SeriesKey = DashboardSeries;
export type Unit = { kind: 'count' } | { kind: 'money'; currency: Currency };

export interface SeriesDef {
  key: SeriesKey;
  label: string;
  unit: Unit;
  /** Peaks are not added up across days: the range's figure is the highest day. */
  aggregate: 'sum' | 'max';
}

const COUNT: Unit = { kind: 'count' };
const USD: Unit = { kind: 'money', currency: 'usd' };
const RC: Unit = { kind: 'money', currency: 'wbx' };

export const SERIES: Record<SeriesKey, SeriesDef> = {
  games: { key: 'games', label: 'Games', unit: COUNT, aggregate: 'sum' },
  newUsers: { key: 'newUsers', label: 'New users', unit: COUNT, aggregate: 'sum' },
  depositsUsd: { key: 'depositsUsd', label: 'Deposits', unit: USD, aggregate: 'sum' },
  withdrawalsUsd: { key: 'withdrawalsUsd', label: 'Withdrawals', unit: USD, aggregate: 'sum' },
  feesUsd: { key: 'feesUsd', label: 'Fees (USD)', unit: USD, aggregate: 'sum' },
  feesWbx: { key: 'feesWbx', label: 'Fees (RC)', unit: RC, aggregate: 'sum' },
  onlinePeak: { key: 'onlinePeak', label: 'Online peak', unit: COUNT, aggregate: 'max' },
};

/** Table column order: the protocol's. */
export const SERIES_ORDER: readonly SeriesKey[] = DASHBOARD_SERIES;

export interface ChartGroup {
  id: string;
  title: string;
  series: readonly SeriesKey[];
}

/** One chart per group: series drawn together share a meaning (and, but for fees, a unit). */
export const CHART_GROUPS: readonly ChartGroup[] = [
  { id: 'activity', title: 'Games and new users', series: ['games', 'newUsers'] },
  { id: 'payments', title: 'Deposits and withdrawals (USD)', series: ['depositsUsd', 'withdrawalsUsd'] },
  { id: 'fees', title: 'Platform fee revenue (USD and RC)', series: ['feesUsd', 'feesWbx'] },
  { id: 'online', title: 'Users online (daily peak of 5-minute samples)', series: ['onlinePeak'] },
];

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A value as the table and the chart axes show it: "1,234", "$20.00", "200.00 RC". */
export function formatValue(unit: Unit, value: number): string {
  if (unit.kind === 'count') return countFormat.format(value);
  return formatAmount(Math.round(value), unit.currency);
}

/** The range's figure of a series: the sum of its days, or the highest day for a peak. */
export function aggregate(def: SeriesDef, values: readonly number[]): number {
  if (def.aggregate === 'max') return values.reduce((m, v) => Math.max(m, v), 0);
  return values.reduce((s, v) => s + v, 0);
}

/** The first day with the highest value, or null when every day is zero. */
export function busiestDay(days: readonly string[], values: readonly number[]): { day: string; value: number } | null {
  let best: { day: string; value: number } | null = null;
  values.forEach((value, i) => {
    if (value > 0 && (!best || value > best.value)) best = { day: days[i]!, value };
  });
  return best;
}

/** One sentence per series for a chart's caption: what a screen reader hears instead of the canvas. */
export function seriesSummary(def: SeriesDef, days: readonly string[], values: readonly number[]): string {
  const best = busiestDay(days, values);
  if (!best) return `${def.label}: none.`;
  const figure = formatValue(def.unit, aggregate(def, values));
  const peak = `${formatValue(def.unit, best.value)} on ${best.day}`;
  return def.aggregate === 'max' ? `${def.label}: highest ${peak}.` : `${def.label}: ${figure} in total, most ${peak}.`;
}

/** True when the range has nothing at all to show. */
export function isEmpty(data: DashboardResponse): boolean {
  return SERIES_ORDER.every((k) => data[k].every((v) => v === 0));
}
