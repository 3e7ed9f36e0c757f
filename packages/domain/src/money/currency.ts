/**
 * SPEC 9: currencies USD and wbx (RushCoins, shown RC). Amounts are integer minor units:
 * USD cents, RC hundredths, both shown with two decimals.
 */
export const CURRENCIES = ['usd', 'wbx'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the point; a unit is 10^2 minor units. */
export const MINOR_DIGITS = 2;
export const MINOR_PER_UNIT = 10n ** BigInt(MINOR_DIGITS);

/** Whole units (dollars, RushCoins) to minor units. */
export const units = (n: number | bigint): bigint => BigInt(n) * MINOR_PER_UNIT;

/**
 * How each currency is written (SPEC 2, 9): its short code beside a balance or after an amount
 * ("USD 1,234.56", "200.00 RC"), and its name where a person picks one ("Amount in RushCoins").
 */
const WORDS: Readonly<Record<Currency, { code: string; name: string }>> = {
  usd: { code: 'USD', name: 'USD' },
  wbx: { code: 'RC', name: 'RushCoins' },
};

/** "USD" or "RC": the header's balance codes and the RushCoin amount's suffix. */
export const currencyLabel = (c: Currency): string => WORDS[c].code;

/** "USD" or "RushCoins": the currency switches and the wager names. */
export const currencyName = (c: Currency): string => WORDS[c].name;
