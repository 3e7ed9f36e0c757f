import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideDeposit, depositPlan, MAX_DEPOSIT, utcMonthStart } from './deposits.ts';
import { MIN_DEPOSIT, MONTHLY_DEPOSIT_CAP, type SelfLimit } from './limits.ts';

const now = new Date('2026-03-10T12:00:00Z');
const inAWeek = new Date('2026-03-17T12:00:00Z');

describe('deposit plan (SPEC 9: Canadian deposits carry US$0.50)', () => {
  it.each([
    [2000n, 'us', 0n, 2000n],
    [2000n, 'ca', 50n, 1950n],
    [1000n, 'ca', 50n, 950n],
  ] as const)('%s cents in %s -> fee %s, credit %s', (amount, region, fee, credit) => {
    expect(depositPlan(amount, region)).toEqual({ amount, fee, credit });
  });
});

describe('decideDeposit (SPEC 5, 9)', () => {
  const base = { region: 'us' as const, depositedThisMonth: 0n, limit: null, now };
  it.each([
    ['below the $10 minimum', 999n, 'belowMinimum'],
    ['above the custom maximum', MAX_DEPOSIT + 1n, 'aboveMaximum'],
    ['above the monthly cap on its own', 300_001n, 'monthlyCap'],
  ])('%s is refused', (_name, amount, reason) => {
    const d = decideDeposit({ ...base, amount });
    expect(d.ok ? null : d.refusal.reason).toBe(reason);
  });

  it('accepts exactly the minimum and exactly the room left', () => {
    expect(decideDeposit({ ...base, amount: MIN_DEPOSIT }).ok).toBe(true);
    expect(decideDeposit({ ...base, depositedThisMonth: 290_000n, amount: 10_000n }).ok).toBe(true);
    expect(decideDeposit({ ...base, depositedThisMonth: 290_000n, amount: 10_001n })).toEqual({
      ok: false,
      refusal: { reason: 'monthlyCap', room: 10_000n },
    });
  });

  it('an active deposit limit below the cap binds and is named; an expired one does not', () => {
    const limit: SelfLimit = { max: 5_000n, until: inAWeek };
    expect(decideDeposit({ ...base, limit, depositedThisMonth: 2_000n, amount: 3_001n })).toEqual({
      ok: false,
      refusal: { reason: 'depositLimit', room: 3_000n, until: inAWeek },
    });
    expect(decideDeposit({ ...base, limit, depositedThisMonth: 2_000n, amount: 3_000n }).ok).toBe(true);
    const expired = { max: 5_000n, until: new Date(now.getTime() - 1) };
    expect(decideDeposit({ ...base, limit: expired, amount: 100_000n }).ok).toBe(true);
  });

  it('never accepts more than the cap or an active limit allows in a month', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 400_000n }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        fc.option(fc.bigInt({ min: 0n, max: 500_000n })),
        fc.constantFrom('us' as const, 'ca' as const),
        (deposited, amount, max, region) => {
          const limit = max === null ? null : { max, until: inAWeek };
          const d = decideDeposit({ amount, region, depositedThisMonth: deposited, limit, now });
          if (d.ok) {
            expect(deposited + amount <= MONTHLY_DEPOSIT_CAP).toBe(true);
            if (limit) expect(deposited + amount <= limit.max).toBe(true);
            expect(d.plan.credit + d.plan.fee).toBe(amount);
            expect(d.plan.credit > 0n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('utcMonthStart', () => {
  it.each([
    ['2026-03-10T12:00:00Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T00:00:00Z', '2026-03-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-01T00:00:00.000Z'],
  ])('%s -> %s', (at, start) => {
    expect(utcMonthStart(new Date(at)).toISOString()).toBe(start);
  });
});
