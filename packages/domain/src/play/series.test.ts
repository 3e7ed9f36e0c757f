import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from './history.ts';
import {
  buildMoneySeries,
  buildRatingSeries,
  MAX_SERIES_POINTS,
  moneyTotals,
  thinSeries,
  type MoneyRecord,
  type RatingRecord,
} from './series.ts';

const T0 = Date.UTC(2026, 0, 1);
const H = 3_600_000;

describe('thinSeries', () => {
  it.each([
    ['short series unchanged', [1, 2, 3], 5, [1, 2, 3]],
    ['exactly max unchanged', [1, 2, 3], 3, [1, 2, 3]],
    ['first and last kept, evenly between', [0, 1, 2, 3, 4, 5, 6, 7, 8], 3, [0, 4, 8]],
    ['max 2 is the ends', [0, 1, 2, 3, 4], 2, [0, 4]],
    ['max 1 is where it stands now', [0, 1, 2], 1, [2]],
    ['max 0 is nothing', [0, 1, 2], 0, []],
    ['empty stays empty', [], 3, []],
  ] as const)('%s', (_name, points, max, expected) => {
    expect(thinSeries(points, max)).toEqual(expected);
  });

  it('keeps at most max points, a subsequence in order, with both ends', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 300 }), fc.integer({ min: 2, max: 60 }), (raw, max) => {
        // Distinct, increasing values, so that order and membership can be checked by value.
        const points = raw.map((_, i) => i * 10);
        const kept = thinSeries(points, max);
        expect(kept.length).toBe(Math.min(points.length, max));
        for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
        for (const p of kept) expect(points).toContain(p);
        if (points.length > 0) {
          expect(kept[0]).toBe(points[0]);
          expect(kept[kept.length - 1]).toBe(points[points.length - 1]);
        }
      }),
    );
  });
});

describe('buildRatingSeries', () => {
  const rec = (gameId: string, hours: number, family: 'blitz' | 'rapid', rating: number): RatingRecord => ({
    gameId,
    at: T0 + hours * H,
    family,
    rating,
  });

  it('splits by family and orders by time, ties by game id', () => {
    const series = buildRatingSeries([
      rec('g3', 3, 'blitz', 1530),
      rec('g1', 1, 'blitz', 1510),
      rec('g2', 2, 'rapid', 1488),
      rec('b', 1, 'blitz', 1505),
    ]);
    expect(series).toEqual({
      blitz: [
        { at: T0 + H, rating: 1505 },
        { at: T0 + H, rating: 1510 },
        { at: T0 + 3 * H, rating: 1530 },
      ],
      rapid: [{ at: T0 + 2 * H, rating: 1488 }],
    });
  });

  it('no games: both families empty', () => {
    expect(buildRatingSeries([])).toEqual({ blitz: [], rapid: [] });
  });

  it('a long history is thinned to the limit and still ends at the current rating', () => {
    const records = Array.from({ length: MAX_SERIES_POINTS * 3 }, (_, i) => rec(`g${i}`, i, 'rapid', 1500 + i));
    const { rapid, blitz } = buildRatingSeries(records);
    expect(blitz).toEqual([]);
    expect(rapid).toHaveLength(MAX_SERIES_POINTS);
    expect(rapid[0]).toEqual({ at: T0, rating: 1500 });
    expect(rapid[rapid.length - 1]).toEqual({ at: T0 + (records.length - 1) * H, rating: 1500 + records.length - 1 });
  });
});

describe('buildMoneySeries', () => {
  const rec = (
    gameId: string,
    hours: number,
    currency: 'usd' | 'wbx',
    outcome: Outcome,
    amount: number,
  ): MoneyRecord => ({ gameId, at: T0 + hours * H, currency, outcome, amount });

  it('running totals of wagers won and lost, per currency; draws and aborts add no point', () => {
    const series = buildMoneySeries([
      rec('g4', 4, 'usd', 'loss', 500),
      rec('g1', 1, 'usd', 'win', 1000),
      rec('g2', 2, 'wbx', 'win', 5000),
      rec('g3', 3, 'usd', 'draw', 2500),
      rec('g5', 5, 'usd', 'aborted', 2500),
      rec('g6', 6, 'usd', 'win', 100),
    ]);
    expect(series).toEqual({
      usd: [
        { at: T0 + H, won: 1000, lost: 0 },
        { at: T0 + 4 * H, won: 1000, lost: 500 },
        { at: T0 + 6 * H, won: 1100, lost: 500 },
      ],
      wbx: [{ at: T0 + 2 * H, won: 5000, lost: 0 }],
    });
    expect(moneyTotals(series.usd)).toEqual({ won: 1100, lost: 500 });
    expect(moneyTotals(series.wbx)).toEqual({ won: 5000, lost: 0 });
  });

  it('a game without a wager moves nothing', () => {
    expect(buildMoneySeries([rec('g1', 1, 'usd', 'win', 0)])).toEqual({ usd: [], wbx: [] });
    expect(moneyTotals([])).toEqual({ won: 0, lost: 0 });
  });

  const anyRecord = fc.record({
    gameId: fc.string({ minLength: 1, maxLength: 6 }),
    at: fc.integer({ min: T0, max: T0 + 1000 * H }),
    currency: fc.constantFrom('usd' as const, 'wbx' as const),
    outcome: fc.constantFrom<Outcome>('win', 'loss', 'draw', 'aborted'),
    amount: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it('the totals are the sums of the wagers won and lost; both only grow, in time order', () => {
    fc.assert(
      fc.property(fc.array(anyRecord, { maxLength: 80 }), (records) => {
        const series = buildMoneySeries(records, 1_000);
        for (const currency of ['usd', 'wbx'] as const) {
          const mine = records.filter((r) => r.currency === currency && r.amount > 0);
          const sum = (o: Outcome) => mine.filter((r) => r.outcome === o).reduce((s, r) => s + r.amount, 0);
          expect(moneyTotals(series[currency])).toEqual({ won: sum('win'), lost: sum('loss') });
          expect(series[currency]).toHaveLength(mine.filter((r) => r.outcome === 'win' || r.outcome === 'loss').length);
          const points = series[currency];
          for (let i = 1; i < points.length; i++) {
            const [a, b] = [points[i - 1]!, points[i]!];
            expect(b.at).toBeGreaterThanOrEqual(a.at);
            expect(b.won).toBeGreaterThanOrEqual(a.won);
            expect(b.lost).toBeGreaterThanOrEqual(a.lost);
            // Each point is one game: exactly one of the totals moved.
            expect((b.won > a.won ? 1 : 0) + (b.lost > a.lost ? 1 : 0)).toBe(1);
          }
        }
      }),
    );
  });

  it('the order of the rows does not matter', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(anyRecord, { maxLength: 40, selector: (r) => r.gameId }),
        fc.integer(),
        (records, seed) => {
          const shuffled = [...records].sort(
            (a, b) => ((a.gameId.charCodeAt(0) * seed) % 7) - ((b.gameId.charCodeAt(0) * seed) % 7),
          );
          expect(buildMoneySeries(shuffled)).toEqual(buildMoneySeries(records));
        },
      ),
    );
  });

  it('thinning keeps the final totals exact', () => {
    const records = Array.from({ length: 1_200 }, (_, i) =>
      rec(`g${String(i).padStart(5, '0')}`, i, 'wbx', i % 3 === 0 ? 'loss' : 'win', 100),
    );
    const { wbx } = buildMoneySeries(records);
    expect(wbx).toHaveLength(MAX_SERIES_POINTS);
    expect(moneyTotals(wbx)).toEqual({ won: 800 * 100, lost: 400 * 100 });
  });
});
