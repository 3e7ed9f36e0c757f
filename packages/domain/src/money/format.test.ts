import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor } from './format.ts';

describe('formatMinor (SPEC 2 header balances)', () => {
  it.each([
    [null, false, '-'],
    [undefined, false, '-'],
    [12345, true, '-'],
    [0, false, '0.00'],
    [5, false, '0.05'],
    [123456789, false, '1,234,567.89'],
    [-150, false, '-1.50'],
    [100000, false, '1,000.00'],
  ])('%j hidden=%j -> %j', (minor, hidden, expected) => {
    expect(formatMinor(minor, hidden)).toBe(expected);
  });

  it('round-trips to the same integer amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (v) => {
        const s = formatMinor(v);
        expect(BigInt(s.replace(/[,.]/g, ''))).toBe(v);
        expect(s).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});
