import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { platformFee, settlePot } from './settlement.ts';

describe('platform fee (SPEC 9: 10%)', () => {
  it.each([
    [0n, 0n],
    [9n, 0n],
    [10n, 1n],
    [199n, 19n],
    [1000n, 100n],
    [5001n, 500n],
  ])('pot %s -> fee %s', (pot, fee) => {
    expect(platformFee(pot)).toBe(fee);
  });
  it('refuses a negative pot', () => {
    expect(() => platformFee(-1n)).toThrow(RangeError);
  });
});

describe('settlePot', () => {
  it('one winner gets the pot minus the fee', () => {
    const s = settlePot(1000n, ['a']);
    expect(s.fee).toBe(100n);
    expect(s.payouts.get('a')).toBe(900n);
  });
  it('ties split the net pot; odd cents go to the first ids', () => {
    const s = settlePot(1001n, ['b', 'a']);
    expect(s.fee).toBe(100n);
    expect(s.payouts.get('a')).toBe(451n);
    expect(s.payouts.get('b')).toBe(450n);
  });
  it('credits plus fee equal the pot exactly, shares differ by at most one', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        (pot, winners) => {
          const s = settlePot(pot, winners);
          const paid = [...s.payouts.values()].reduce((a, b) => a + b, 0n);
          expect(paid + s.fee).toBe(pot);
          const shares = [...s.payouts.values()];
          const max = shares.reduce((a, b) => (b > a ? b : a));
          const min = shares.reduce((a, b) => (b < a ? b : a));
          expect(max - min <= 1n).toBe(true);
          expect(s.fee).toBe((pot * 10n) / 100n);
        },
      ),
    );
  });
});
