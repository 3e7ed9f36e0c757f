import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatMinor } from './format.ts';

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

describe('formatAmount (an amount with its currency, SPEC 2/9)', () => {
  it.each([
    [2000, 'usd', {}, '$20.00'],
    [20000, 'wbx', {}, '200.00 RC'],
    [123456789, 'usd', {}, '$1,234,567.89'],
    [-150, 'wbx', {}, '-1.50 RC'],
    [-150, 'usd', {}, '-$1.50'],
    [2000, 'usd', { hidden: true }, '-'],
    [null, 'wbx', {}, '-'],
    [undefined, 'usd', { mark: 'long' }, '-'],
    [50, 'usd', { mark: 'long' }, 'US$0.50'],
    [200, 'usd', { mark: 'long' }, 'US$2.00'],
    [300_000, 'usd', { mark: 'long', trimCents: true }, 'US$3,000'],
    [1000, 'usd', { trimCents: true }, '$10'],
    [1050, 'usd', { trimCents: true }, '$10.50'],
    [100_000, 'wbx', { trimCents: true }, '1,000 RC'],
    [100_000, 'wbx', { mark: 'long' }, '1,000.00 RC'],
    [123456, 'usd', { mark: 'none' }, '1,234.56'],
    [250_000, 'wbx', { mark: 'none', trimCents: true }, '2,500'],
    [0, 'usd', { trimCents: true }, '$0'],
  ] as const)('%j %s %j -> %j', (minor, currency, style, expected) => {
    expect(formatAmount(minor, currency, style)).toBe(expected);
  });

  it('takes bigint minor units as the ledger holds them', () => {
    expect(formatAmount(123456789n, 'usd')).toBe('$1,234,567.89');
  });

  it('only whole amounts lose their cents, and only the ".00"', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.constantFrom('usd' as const, 'wbx' as const),
        (v, c) => {
          const full = formatAmount(v, c);
          const trimmed = formatAmount(v, c, { trimCents: true });
          if (v % 100n === 0n) expect(full.replace('.00', '')).toBe(trimmed);
          else expect(trimmed).toBe(full);
        },
      ),
    );
  });
});
