import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { limitFindings, limitLevel, NEAR_LIMIT_PERCENT } from './review-limits.ts';

describe('limitLevel (near from 80 % used, at from 100 %)', () => {
  it.each([
    [0n, 5000n, null],
    [3999n, 5000n, null],
    [4000n, 5000n, 'near'],
    [4999n, 5000n, 'near'],
    [5000n, 5000n, 'at'],
    [7000n, 5000n, 'at'],
    [0n, 0n, 'at'],
  ] as const)('%s of %s -> %s', (used, max, level) => {
    expect(limitLevel(used, max)).toBe(level);
  });

  it('refuses a negative figure', () => {
    expect(() => limitLevel(-1n, 10n)).toThrow(RangeError);
  });

  it('is monotone in the use: more used never reads as further from the limit', () => {
    const rank = { null: 0, near: 1, at: 2 } as const;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (a, b, max) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(rank[`${limitLevel(lo, max)}`]).toBeLessThanOrEqual(rank[`${limitLevel(hi, max)}`]);
          if (max > 0n) expect(limitLevel(hi, max) !== null).toBe(hi * 100n >= max * NEAR_LIMIT_PERCENT);
        },
      ),
    );
  });
});

describe('limitFindings', () => {
  it('keeps the limits near or at their end, with their level', () => {
    const found = limitFindings([
      { limit: 'loss', currency: 'usd', period: 'day', max: 5000n, used: 4500n },
      { limit: 'loss', currency: 'usd', period: 'week', max: 50000n, used: 4500n },
      { limit: 'deposit', currency: 'usd', period: 'month', max: 10000n, used: 10000n },
    ]);
    expect(found.map((f) => [f.limit, f.period, f.level])).toEqual([
      ['loss', 'day', 'near'],
      ['deposit', 'month', 'at'],
    ]);
  });
});
