import { formatAmount, historyDate, type Currency, type RatingFamily } from '@rush/domain';
import type { MoneyPointView, PlayerSeriesResponse, RatingPointView } from '@rush/protocol';

/**
 * What the History overlay and the profile dialog draw (issue 19): one chart per rating family and
 * per currency that has points, each with its title, a one-sentence summary (the caption), the
 * lines for the chart and the same points as table rows (the text alternative). Pure.
 */

export type ValueFormat = { kind: 'rating' } | { kind: 'money'; currency: Currency };

export interface ChartLine {
  label: string;
  values: readonly number[];
}

export interface ChartSpec {
  id: string;
  title: string;
  summary: string;
  format: ValueFormat;
  /** Seconds since the epoch (uPlot's time scale), one per point. */
  xs: readonly number[];
  lines: readonly ChartLine[];
  /** The table alternative: a date, then one cell per line. */
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

const FAMILY_NAME: Record<RatingFamily, string> = { blitz: 'Blitz', rapid: 'Rapid' };
const CURRENCY_NAME: Record<Currency, string> = { usd: 'USD', wbx: 'RushCoins' };

/** A value as the axes, the legend and the table show it: "1523", "$20.00", "200.00 RC". */
export function formatChartValue(format: ValueFormat, value: number): string {
  return format.kind === 'rating' ? String(Math.round(value)) : formatAmount(Math.round(value), format.currency);
}

const seconds = (iso: string) => Date.parse(iso) / 1000;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function ratingChart(family: RatingFamily, points: readonly RatingPointView[]): ChartSpec {
  const ratings = points.map((p) => p.rating);
  const first = ratings[0] ?? 0;
  const last = ratings[ratings.length - 1] ?? 0;
  const name = FAMILY_NAME[family];
  return {
    id: `rating-${family}`,
    title: `${name} rating`,
    summary:
      `${name}: ${plural(points.length, 'rated game')} shown, ${first} after the first, ${last} now; ` +
      `highest ${Math.max(...ratings)}, lowest ${Math.min(...ratings)}.`,
    format: { kind: 'rating' },
    xs: points.map((p) => seconds(p.at)),
    lines: [{ label: 'Rating', values: ratings }],
    columns: ['Date', 'Rating'],
    rows: points.map((p) => [historyDate(new Date(p.at)), String(p.rating)]),
  };
}

export function moneyChart(currency: Currency, points: readonly MoneyPointView[]): ChartSpec {
  const format: ValueFormat = { kind: 'money', currency };
  const last = points[points.length - 1] ?? { won: 0, lost: 0 };
  const money = (v: number) => formatChartValue(format, v);
  const name = CURRENCY_NAME[currency];
  return {
    id: `money-${currency}`,
    title: `${name} won and lost`,
    summary:
      `${name}: ${plural(points.length, 'game')} won or lost shown; ` +
      `${money(last.won)} won and ${money(last.lost)} lost in all (the wagers).`,
    format,
    xs: points.map((p) => seconds(p.at)),
    lines: [
      { label: 'Won', values: points.map((p) => p.won) },
      { label: 'Lost', values: points.map((p) => p.lost) },
    ],
    columns: ['Date', 'Won so far', 'Lost so far'],
    rows: points.map((p) => [historyDate(new Date(p.at)), money(p.won), money(p.lost)]),
  };
}

/** The charts with something to draw: ratings first (Blitz, Rapid), then USD and RushCoins. */
export function chartsOf(series: PlayerSeriesResponse): ChartSpec[] {
  const charts: ChartSpec[] = [];
  for (const family of ['blitz', 'rapid'] as const) {
    if (series.ratings[family].length > 0) charts.push(ratingChart(family, series.ratings[family]));
  }
  for (const currency of ['usd', 'wbx'] as const) {
    if (series.money[currency].length > 0) charts.push(moneyChart(currency, series.money[currency]));
  }
  return charts;
}
