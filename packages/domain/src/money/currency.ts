/**
 * SPEC 9: currencies USD and wbx (RushCoins, shown RC). Amounts are integer minor units:
 * USD cents, RC hundredths, both shown with two decimals.
 */
export const CURRENCIES = ['usd', 'wbx'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const MINOR_PER_UNIT = 100n;

/** Whole units (dollars, RushCoins) to minor units. */
export const units = (n: number | bigint): bigint => BigInt(n) * MINOR_PER_UNIT;

export const currencyLabel = (c: Currency): string => (c === 'usd' ? 'USD' : 'RC');
