import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkStake,
  decideLossLimit,
  LOSS_LIMIT_LOOSEN_DELAY_MS,
  LOSS_PERIODS,
  limitInForce,
  pendingChange,
  periodEnd,
  periodStart,
  type LossLimitRow,
} from './loss-limits.ts';

const now = new Date('2026-03-11T15:30:00Z'); // a Wednesday
const later = (ms: number) => new Date(now.getTime() + ms);
const hour = 3_600_000;

describe('loss-limit periods in UTC (issue 37)', () => {
  it.each([
    ['day', '2026-03-11T15:30:00Z', '2026-03-11T00:00:00Z', '2026-03-12T00:00:00Z'],
    ['week', '2026-03-11T15:30:00Z', '2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z'],
    ['week', '2026-03-15T23:59:59Z', '2026-03-09T00:00:00Z', '2026-03-16T00:00:00Z'], // Sunday
    ['week', '2026-03-16T00:00:00Z', '2026-03-16T00:00:00Z', '2026-03-23T00:00:00Z'], // Monday
    ['week', '2026-01-01T10:00:00Z', '2025-12-29T00:00:00Z', '2026-01-05T00:00:00Z'], // across a year
    ['month', '2026-03-11T15:30:00Z', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'],
    ['month', '2026-12-31T23:00:00Z', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
  ] as const)('%s of %s starts %s and ends %s', (period, at, start, end) => {
    expect(periodStart(period, new Date(at)).toISOString()).toBe(new Date(start).toISOString());
    expect(periodEnd(period, new Date(at)).toISOString()).toBe(new Date(end).toISOString());
  });

  it('every instant lies in its period, and a week starts on a Monday', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        for (const p of LOSS_PERIODS) {
          const s = periodStart(p, at);
          expect(s.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(periodEnd(p, at).getTime()).toBeGreaterThan(at.getTime());
        }
        expect(periodStart('week', at).getUTCDay()).toBe(1);
      }),
    );
  });
});

describe('limit in force and a waiting change', () => {
  const rows: LossLimitRow[] = [
    { seq: 1, max: 5000n, effectiveAt: later(-48 * hour) },
    { seq: 2, max: 2000n, effectiveAt: later(-hour) },
    { seq: 3, max: null, effectiveAt: later(23 * hour) },
  ];
  it('the newest effective row decides; a later row waits', () => {
    expect(limitInForce(rows, now)).toBe(2000n);
    expect(pendingChange(rows, now)).toEqual({ max: null, effectiveAt: later(23 * hour) });
    expect(limitInForce(rows, later(23 * hour))).toBeNull();
    expect(pendingChange(rows, later(23 * hour))).toBeNull();
  });
  it('no rows: no limit, nothing waiting', () => {
    expect(limitInForce([], now)).toBeNull();
    expect(pendingChange([], now)).toBeNull();
  });
  it('a tightening after a waiting loosening cancels it', () => {
    const next = [...rows, { seq: 4, max: 1000n, effectiveAt: now }];
    expect(limitInForce(next, now)).toBe(1000n);
    expect(pendingChange(next, now)).toBeNull();
    expect(limitInForce(next, later(30 * hour))).toBe(1000n);
  });
});

describe('decideLossLimit', () => {
  const delayed = later(LOSS_LIMIT_LOOSEN_DELAY_MS);
  it.each([
    ['a first limit applies at once', null, 1000n, now, 'tighter'],
    ['a lower maximum applies at once', 2000n, 1000n, now, 'tighter'],
    ['the same maximum applies at once', 2000n, 2000n, now, 'same'],
    ['a higher maximum waits 24 hours', 1000n, 2000n, delayed, 'looser'],
    ['removing a limit waits 24 hours', 1000n, null, delayed, 'looser'],
    ['no limit to no limit is the same', null, null, now, 'same'],
  ] as const)('%s', (_n, current, proposed, effectiveAt, change) => {
    expect(decideLossLimit(current, proposed, now)).toEqual({ ok: true, max: proposed, effectiveAt, change });
  });
  it('a negative maximum is refused', () => {
    expect(decideLossLimit(null, -1n, now)).toEqual({ ok: false, reason: 'negative' });
  });
  it('nothing looser ever applies at once', () => {
    const max = fc.option(fc.bigInt({ min: 0n, max: 10n ** 9n }));
    fc.assert(
      fc.property(max, max, (current, proposed) => {
        const d = decideLossLimit(current, proposed, now);
        if (!d.ok) return;
        const looser = current !== null && (proposed === null || proposed > current);
        expect(d.effectiveAt.getTime() === now.getTime()).toBe(!looser);
      }),
    );
  });
});

describe('checkStake counts the whole stake as lost', () => {
  it.each([
    ['no limits', {}, {}, 5000n, { ok: true }],
    ['reaching a limit exactly is allowed', { day: 1000n }, { day: 400n }, 600n, { ok: true }],
    ['passing it is refused', { day: 1000n }, { day: 400n }, 601n, { ok: false, period: 'day', max: 1000n }],
    ['a zero limit refuses any stake', { week: 0n }, {}, 1n, { ok: false, period: 'week', max: 0n }],
    [
      'the first period refusing is named',
      { day: 10_000n, week: 500n, month: 100n },
      {},
      600n,
      { ok: false, period: 'week', max: 500n },
    ],
    ['a lifted limit (null) does not count', { month: null }, { month: 10n ** 6n }, 100n, { ok: true }],
  ] as const)('%s', (_n, limits, lossSoFar, stake, verdict) => {
    expect(checkStake({ limits, lossSoFar, stake })).toEqual(verdict);
  });
  it('refused exactly when loss so far plus stake passes some limit', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 6n });
    fc.assert(
      fc.property(fc.option(amount), fc.option(amount), amount, amount, amount, (day, month, lossD, lossM, stake) => {
        const v = checkStake({ limits: { day, month }, lossSoFar: { day: lossD, month: lossM }, stake });
        const over = (day !== null && lossD + stake > day) || (month !== null && lossM + stake > month);
        expect(v.ok).toBe(!over);
      }),
    );
  });
});
