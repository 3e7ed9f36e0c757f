import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCIES } from './currency.ts';
import { formatAmount, type AmountMark } from './format.ts';
import { parseAmount } from './parse.ts';

describe('parseAmount (an amount typed or quoted, in minor units)', () => {
  it.each([
    ['12', 'usd', 1200n],
    ['12.5', 'usd', 1250n],
    ['12.', 'usd', 1200n],
    ['0.05', 'usd', 5n],
    ['  1,200.00 ', 'usd', 120_000n],
    ['$20', 'usd', 2000n],
    ['US$0.50', 'usd', 50n],
    ['999999999.99', 'usd', 99_999_999_999n],
    ['200.00 RC', 'wbx', 20_000n],
    ['2,500', 'wbx', 250_000n],
  ] as const)('%j (%s) -> %s', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each([
    ['', 'usd'],
    ['abc', 'usd'],
    ['-5', 'usd'],
    ['-$5', 'usd'],
    ['1.234', 'usd'],
    ['.5', 'usd'],
    ['1e3', 'usd'],
    ['1000000000', 'usd'],
    ['$ 5', 'usd'],
    ['5 RC', 'usd'],
    ['$5', 'wbx'],
  ] as const)('%j (%s) is not an amount', (text, currency) => {
    expect(parseAmount(text, currency)).toBeNull();
  });

  it('reads back every amount formatAmount writes, in every style', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n - 1n }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom<AmountMark>('short', 'long', 'none'),
        fc.boolean(),
        (minor, currency, mark, trimCents) => {
          expect(parseAmount(formatAmount(minor, currency, { mark, trimCents }), currency)).toBe(minor);
        },
      ),
    );
  });
});
