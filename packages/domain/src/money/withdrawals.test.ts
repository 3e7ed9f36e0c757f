import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideWithdrawal,
  restrictionActive,
  unwageredDeposits,
  withdrawableAmount,
  withdrawalPlan,
  withdrawBlock,
  type WageringEvent,
} from './withdrawals.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3_600_000;

describe('unwagered deposits (SPEC 9: money must be played before withdrawal)', () => {
  it.each<[string, WageringEvent[], bigint]>([
    ['nothing', [], 0n],
    ['a deposit', [{ kind: 'deposit', amount: 1000n }], 1000n],
    [
      'a deposit partly wagered',
      [
        { kind: 'deposit', amount: 1000n },
        { kind: 'wager', ref: 'g1', amount: 400n },
      ],
      600n,
    ],
    [
      'a stake before the deposit does not count for it',
      [
        { kind: 'wager', ref: 'g1', amount: 400n },
        { kind: 'deposit', amount: 1000n },
      ],
      1000n,
    ],
    [
      'a refunded stake gives back what it consumed',
      [
        { kind: 'deposit', amount: 1000n },
        { kind: 'wager', ref: 'g1', amount: 400n },
        { kind: 'unwager', ref: 'g1', amount: 400n },
      ],
      1000n,
    ],
    [
      'a refunded stake of winnings gives back nothing',
      [
        { kind: 'deposit', amount: 100n },
        { kind: 'wager', ref: 'g1', amount: 100n },
        { kind: 'wager', ref: 'g2', amount: 500n },
        { kind: 'unwager', ref: 'g2', amount: 500n },
      ],
      0n,
    ],
    [
      'an admin withdrawal removes the requirement',
      [
        { kind: 'deposit', amount: 1000n },
        { kind: 'removed', amount: 300n },
      ],
      700n,
    ],
  ])('%s', (_name, events, expected) => {
    expect(unwageredDeposits(events)).toBe(expected);
  });

  const event: fc.Arbitrary<WageringEvent> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
    fc.record({
      kind: fc.constant('wager' as const),
      ref: fc.constantFrom('a', 'b', 'c'),
      amount: fc.bigInt({ min: 1n, max: 10_000n }),
    }),
    fc.record({
      kind: fc.constant('unwager' as const),
      ref: fc.constantFrom('a', 'b', 'c'),
      amount: fc.bigInt({ min: 1n, max: 10_000n }),
    }),
    fc.record({ kind: fc.constant('removed' as const), amount: fc.bigInt({ min: 1n, max: 10_000n }) }),
  );

  it('stays between zero and the total deposited, and wagering it all clears it', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const left = unwageredDeposits(events);
        const deposited = events.reduce((a, e) => (e.kind === 'deposit' ? a + e.amount : a), 0n);
        expect(left >= 0n && left <= deposited).toBe(true);
        expect(unwageredDeposits([...events, { kind: 'wager', ref: 'z', amount: left }])).toBe(0n);
      }),
    );
  });

  it('a stake followed by its refund changes nothing', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.bigInt({ min: 1n, max: 50_000n }), (events, amount) => {
        const before = unwageredDeposits(events);
        const after = unwageredDeposits([
          ...events,
          { kind: 'wager', ref: 'fresh', amount },
          { kind: 'unwager', ref: 'fresh', amount },
        ]);
        expect(after).toBe(before);
      }),
    );
  });
});

describe('withdrawable', () => {
  it.each([
    [1000n, 0n, 1000n],
    [1000n, 400n, 600n],
    [1000n, 5000n, 0n],
    [0n, 0n, 0n],
  ])('balance %s, unwagered %s -> %s', (balance, unwagered, expected) => {
    expect(withdrawableAmount(balance, unwagered)).toBe(expected);
  });
  it('is never negative and never above the balance', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.boolean(),
        (b, u, closed) => {
          const w = withdrawableAmount(b, u, closed);
          expect(w >= 0n && w <= (b < 0n ? 0n : b)).toBe(true);
        },
      ),
    );
  });
  it.each([
    [1000n, 5000n, 1000n],
    [1000n, 0n, 1000n],
    [0n, 100n, 0n],
    [-50n, 0n, 0n],
  ])('a closed account: balance %s, unwagered %s -> all of it, %s', (balance, unwagered, expected) => {
    expect(withdrawableAmount(balance, unwagered, true)).toBe(expected);
  });
});

describe('withdraw blocks (SPEC 4, 9)', () => {
  const none = { banned: false, restrictions: [], lastDepositAt: null, now };
  it('a restriction is active 5 minutes after its timestamp', () => {
    expect(restrictionActive({ kind: 'reported', createdAt: ago(299_999) }, now)).toBe(false);
    expect(restrictionActive({ kind: 'reported', createdAt: ago(300_000) }, now)).toBe(true);
  });
  it.each([
    ['nothing', none, null],
    ['the banned flag', { ...none, banned: true }, 'banned'],
    ['an active ban', { ...none, restrictions: [{ kind: 'banned' as const, createdAt: ago(10 * 60_000) }] }, 'banned'],
    ['a ban not yet active', { ...none, restrictions: [{ kind: 'banned' as const, createdAt: ago(60_000) }] }, null],
    [
      'an active report',
      { ...none, restrictions: [{ kind: 'reported' as const, createdAt: ago(10 * 60_000) }] },
      'reported',
    ],
    [
      'a ban outranks a report',
      {
        ...none,
        restrictions: [
          { kind: 'reported' as const, createdAt: ago(10 * 60_000) },
          { kind: 'banned' as const, createdAt: ago(10 * 60_000) },
        ],
      },
      'banned',
    ],
    ['a fair-play review', { ...none, suspected: true }, 'fairplay'],
    [
      'a ban outranks a review, a review outranks a report and a recent deposit',
      {
        ...none,
        suspected: true,
        lastDepositAt: ago(HOUR),
        restrictions: [{ kind: 'reported' as const, createdAt: ago(10 * 60_000) }],
      },
      'fairplay',
    ],
    ['a ban outranks a review', { ...none, banned: true, suspected: true }, 'banned'],
    ['a deposit 47 hours ago', { ...none, lastDepositAt: ago(47 * HOUR) }, 'recentDeposit'],
    ['a debt from a reversed deposit', { ...none, owed: 1n }, 'debt'],
    ['a debt outranks a recent deposit', { ...none, owed: 3000n, lastDepositAt: ago(HOUR) }, 'debt'],
    [
      'a report outranks a debt',
      { ...none, owed: 3000n, restrictions: [{ kind: 'reported' as const, createdAt: ago(10 * 60_000) }] },
      'reported',
    ],
    ['nothing owed', { ...none, owed: 0n }, null],
    ['a deposit 48 hours ago', { ...none, lastDepositAt: ago(48 * HOUR) }, null],
  ])('%s', (_name, opts, expected) => {
    expect(withdrawBlock(opts)).toBe(expected);
  });
});

describe('decideWithdrawal', () => {
  const base = { region: 'us' as const, balance: 5000n, withdrawable: 3000n, block: null };
  it.each([
    ['blocked first', { ...base, amount: 0n, block: 'reported' as const }, 'reported'],
    ['zero', { ...base, amount: 0n }, 'zero'],
    ['Canadian amount not above the fee', { ...base, region: 'ca' as const, amount: 200n }, 'belowFee'],
    ['above the balance', { ...base, amount: 5001n }, 'insufficient'],
    ['above the withdrawable part', { ...base, amount: 3001n }, 'notWagered'],
  ])('%s is refused', (_name, opts, reason) => {
    const d = decideWithdrawal(opts);
    expect(d.ok ? null : d.reason).toBe(reason);
  });
  it('Canadian withdrawals pay out the amount minus US$2.00', () => {
    expect(decideWithdrawal({ ...base, region: 'ca', amount: 3000n })).toEqual({
      ok: true,
      plan: { amount: 3000n, fee: 200n, payout: 2800n },
    });
    expect(withdrawalPlan(1000n, 'us')).toEqual({ amount: 1000n, fee: 0n, payout: 1000n });
  });
  it('an accepted withdrawal never exceeds the balance or the withdrawable part, and fee + payout = amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: -10n, max: 10n ** 7n }),
        fc.constantFrom('us' as const, 'ca' as const),
        (balance, unwagered, amount, region) => {
          const withdrawable = withdrawableAmount(balance, unwagered);
          const d = decideWithdrawal({ amount, region, balance, withdrawable, block: null });
          if (d.ok) {
            expect(amount <= withdrawable && amount <= balance).toBe(true);
            expect(d.plan.fee + d.plan.payout).toBe(amount);
            expect(d.plan.payout > 0n).toBe(true);
          }
        },
      ),
    );
  });
});
