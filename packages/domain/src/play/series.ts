import { CURRENCIES, type Currency } from '../money/currency.ts';
import type { Outcome } from './history.ts';
import { RATING_FAMILIES, type RatingFamily } from './modes.ts';

/*
 * The series the History overlay and a player's profile chart (issue 19): a player's rating after
 * each rated game, per rating family, and the money won and lost over time, per currency. Pure:
 * the server builds them from its rows, the tests check them against tables and properties.
 */

/** At most this many points a series: a chart a few hundred pixels wide shows no more. */
export const MAX_SERIES_POINTS = 500;

/** The rating a player had after one rated game (the shown, rounded rating). */
export interface RatingRecord {
  gameId: string;
  /** When the game ended, ms since the epoch. */
  at: number;
  family: RatingFamily;
  rating: number;
}

export interface RatingPoint {
  at: number;
  rating: number;
}

export type RatingSeries = Record<RatingFamily, RatingPoint[]>;

/** One finished staked game from the player's side: what the History row shows ("W: $5.00"). */
export interface MoneyRecord {
  gameId: string;
  at: number;
  currency: Currency;
  outcome: Outcome;
  /** The wager, in minor units. */
  amount: number;
}

/** Running totals (minor units) after a game that won or lost money. */
export interface MoneyPoint {
  at: number;
  won: number;
  lost: number;
}

export type MoneySeries = Record<Currency, MoneyPoint[]>;

/** Time order, ties by game id: the same rows always give the same series. */
const byTime = (a: { at: number; gameId: string }, b: { at: number; gameId: string }): number =>
  a.at - b.at || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0);

/**
 * At most `max` of the points, evenly spread, always the first and the last (where the series
 * starts and where it stands now); fewer points are returned as they are. Each kept point keeps
 * its own values, so running totals stay exact at every point kept.
 */
export function thinSeries<T>(points: readonly T[], max: number = MAX_SERIES_POINTS): T[] {
  const n = points.length;
  if (n <= max) return [...points];
  if (max <= 0) return [];
  if (max === 1) return [points[n - 1]!];
  const kept: T[] = [];
  for (let i = 0; i < max; i++) kept.push(points[Math.round((i * (n - 1)) / (max - 1))]!);
  return kept;
}

/** Per family, in time order: the rating after each rated game. */
export function buildRatingSeries(records: readonly RatingRecord[], max: number = MAX_SERIES_POINTS): RatingSeries {
  const sorted = [...records].sort(byTime);
  const series = {} as RatingSeries;
  for (const family of RATING_FAMILIES) {
    const points = sorted.filter((r) => r.family === family).map((r) => ({ at: r.at, rating: r.rating }));
    series[family] = thinSeries(points, max);
  }
  return series;
}

/**
 * Per currency, in time order: the wagers won and lost so far, after each game that won or lost.
 * The amounts are the wagers, as the History rows ("W: $5.00") and the leaderboard's "won" count
 * them, so the chart agrees with both; draws and aborted games move no money (the stakes go
 * back) and add no point.
 */
export function buildMoneySeries(records: readonly MoneyRecord[], max: number = MAX_SERIES_POINTS): MoneySeries {
  const sorted = [...records].sort(byTime);
  const series = {} as MoneySeries;
  for (const currency of CURRENCIES) {
    let won = 0;
    let lost = 0;
    const points: MoneyPoint[] = [];
    for (const r of sorted) {
      if (r.currency !== currency || r.amount <= 0) continue;
      if (r.outcome === 'win') won += r.amount;
      else if (r.outcome === 'loss') lost += r.amount;
      else continue;
      points.push({ at: r.at, won, lost });
    }
    series[currency] = thinSeries(points, max);
  }
  return series;
}

/** The running totals at the end: nothing won or lost when there is no point. */
export function moneyTotals(points: readonly MoneyPoint[]): { won: number; lost: number } {
  const last = points[points.length - 1];
  return last ? { won: last.won, lost: last.lost } : { won: 0, lost: 0 };
}
