import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ordinal, rankByPoints, rushScore, streakMultiplier } from './scoring.ts';

describe('streakMultiplier (SPEC 4: 1 up to a streak of 1, the streak for 2-5, capped at 5)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 5],
    [10, 5],
    [1_000_000, 5],
    [Infinity, 5],
  ])('streak %d: x%d', (streak, multiplier) => {
    expect(streakMultiplier(streak)).toBe(multiplier);
  });

  it.each([
    // A streak is a count; a fractional one never rounds up into a bigger multiplier.
    [1.5, 1],
    [1.99, 1],
    [2.7, 2],
    [4.999, 4],
    [5.5, 5],
    // Nonsense inputs fall back to the neutral multiplier rather than poisoning a score.
    [-1, 1],
    [-10, 1],
    [-Infinity, 1],
    [NaN, 1],
  ])('odd input %d: x%d', (streak, multiplier) => {
    expect(streakMultiplier(streak)).toBe(multiplier);
  });

  it('is an integer from 1 to 5 and never decreases as the streak grows', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => {
        const m = streakMultiplier(a);
        expect(Number.isInteger(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(1);
        expect(m).toBeLessThanOrEqual(5);
        if (!Number.isNaN(a) && !Number.isNaN(b) && a <= b) {
          expect(streakMultiplier(a)).toBeLessThanOrEqual(streakMultiplier(b));
        }
      }),
    );
  });
});

describe('rushScore (SPEC 4: 10 x puzzlesCompleted x multiplier of the largest streak)', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [1, 1, 10],
    [1, 0, 10],
    [3, 1, 30],
    [3, 2, 60],
    [5, 3, 150],
    [7, 5, 350],
    [12, 6, 600],
    [20, 20, 1000],
  ])('%d completed, largest streak %d: %d', (completed, largest, score) => {
    expect(rushScore(completed, largest)).toBe(score);
  });

  it('is 10 x completed x streakMultiplier(largest) and never drops when a streak breaks', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(50), fc.nat(50), (completed, s1, s2) => {
        expect(rushScore(completed, s1)).toBe(10 * completed * streakMultiplier(s1));
        // The largest streak only grows during a run, so the score for a later state is at least as big.
        const [lo, hi] = s1 <= s2 ? [s1, s2] : [s2, s1];
        expect(rushScore(completed, hi)).toBeGreaterThanOrEqual(rushScore(completed, lo));
        expect(rushScore(completed + 1, lo)).toBeGreaterThan(rushScore(completed, lo));
      }),
    );
  });
});

describe('ordinal (SPEC 4 places: 1st, 2nd, 3rd, nth)', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [5, '5th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [100, '100th'],
    [101, '101st'],
    [102, '102nd'],
    [103, '103rd'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
    [121, '121st'],
    [1011, '1011th'],
    [1021, '1021st'],
  ])('%d -> %s', (n, label) => {
    expect(ordinal(n)).toBe(label);
  });
});

interface Player {
  name: string;
  points: number;
}
const p = (name: string, points: number): Player => ({ name, points });
const byPoints = (x: Player) => x.points;
const summary = (items: readonly Player[]) =>
  rankByPoints(items, byPoints).map((r) => [r.item.name, r.place, r.label] as const);

describe('rankByPoints (SPEC 4: ordered by points, ties share a place)', () => {
  it('orders by points, highest first, with 1st 2nd 3rd nth', () => {
    expect(summary([p('c', 30), p('a', 120), p('d', 0), p('b', 60)])).toEqual([
      ['a', 1, '1st'],
      ['b', 2, '2nd'],
      ['c', 3, '3rd'],
      ['d', 4, '4th'],
    ]);
  });

  it('gives tied players the same place and skips the places they take (1st, 1st, 3rd)', () => {
    expect(summary([p('a', 50), p('b', 50), p('c', 20)])).toEqual([
      ['a', 1, '1st'],
      ['b', 1, '1st'],
      ['c', 3, '3rd'],
    ]);
    expect(summary([p('a', 90), p('b', 40), p('c', 40), p('d', 40), p('e', 10)])).toEqual([
      ['a', 1, '1st'],
      ['b', 2, '2nd'],
      ['c', 2, '2nd'],
      ['d', 2, '2nd'],
      ['e', 5, '5th'],
    ]);
  });

  it('puts everyone 1st when all are equal', () => {
    expect(summary([p('a', 0), p('b', 0), p('c', 0), p('d', 0)])).toEqual([
      ['a', 1, '1st'],
      ['b', 1, '1st'],
      ['c', 1, '1st'],
      ['d', 1, '1st'],
    ]);
  });

  it('ranks nobody from an empty list, and one player is 1st', () => {
    expect(rankByPoints([], byPoints)).toEqual([]);
    expect(summary([p('solo', 0)])).toEqual([['solo', 1, '1st']]);
  });

  it('keeps tied players in their input order (the sort is stable) and does not touch the input', () => {
    const input = [p('z', 10), p('y', 30), p('x', 10), p('w', 30), p('v', 10)];
    const copy = input.map((x) => ({ ...x }));
    expect(summary(input).map(([name]) => name)).toEqual(['y', 'w', 'z', 'x', 'v']);
    expect(input).toEqual(copy);
  });

  it('place = 1 + the number strictly better; places never decrease; ties share; everyone appears once', () => {
    const players = fc.array(fc.record({ name: fc.string(), points: fc.integer({ min: -1000, max: 1000 }) }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(players, (items) => {
        const ranked = rankByPoints(items, byPoints);
        expect(ranked).toHaveLength(items.length);
        expect(new Set(ranked.map((r) => r.item))).toEqual(new Set(items));
        ranked.forEach((r, i) => {
          const better = items.filter((x) => x.points > r.item.points).length;
          expect(r.place).toBe(1 + better);
          expect(r.label).toBe(ordinal(r.place));
          const prev = ranked[i - 1];
          if (prev) {
            expect(prev.item.points).toBeGreaterThanOrEqual(r.item.points);
            expect(prev.place).toBeLessThanOrEqual(r.place);
            if (prev.item.points === r.item.points) expect(r.place).toBe(prev.place);
            else expect(r.place).toBe(i + 1);
          }
        });
        if (ranked.length > 0) expect(ranked[0]!.place).toBe(1);
      }),
    );
  });
});
