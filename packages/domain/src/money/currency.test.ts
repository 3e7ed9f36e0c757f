import { describe, expect, it } from 'vitest';
import { currencyLabel, currencyName, MINOR_PER_UNIT, units } from './currency.ts';

describe('currency words (SPEC 2, 9)', () => {
  it.each([
    ['usd', 'USD', 'USD'],
    ['wbx', 'RC', 'RushCoins'],
  ] as const)('%s: code %s, name %s', (currency, code, name) => {
    expect(currencyLabel(currency)).toBe(code);
    expect(currencyName(currency)).toBe(name);
  });

  it('a unit is a hundred minor units (cents, RC hundredths)', () => {
    expect(MINOR_PER_UNIT).toBe(100n);
    expect(units(25)).toBe(2500n);
  });
});
