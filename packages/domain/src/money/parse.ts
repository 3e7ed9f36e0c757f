import { currencyLabel, MINOR_DIGITS, MINOR_PER_UNIT, type Currency } from './currency.ts';

/** The marks `formatAmount` puts around the digits: "$" or "US$" before dollars, " RC" after RushCoins. */
const MARKS: Readonly<Record<Currency, RegExp>> = {
  usd: /^(?:US)?\$/,
  wbx: new RegExp(`\\s*${currencyLabel('wbx')}$`),
};

/**
 * Up to 9 whole digits (999,999,999.99): more than anyone types, and exact as the JSON number the
 * amount travels as. A point with up to two decimals; commas anywhere are grouping and dropped.
 */
const AMOUNT = new RegExp(`^(\\d{1,9})(?:\\.(\\d{0,${MINOR_DIGITS}}))?$`);

/**
 * An amount typed by a person ("12", "12.5", "1,200.00", "$20") or written by `formatAmount`
 * ("US$0.50", "200.00 RC"), in integer minor units; null when it is not a plain non-negative
 * amount of this currency with at most two decimals.
 */
export function parseAmount(text: string, currency: Currency): bigint | null {
  const cleaned = text.trim().replace(MARKS[currency], '').replace(/,/g, '');
  const match = AMOUNT.exec(cleaned);
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(MINOR_DIGITS, '0'));
  return whole * MINOR_PER_UNIT + fraction;
}
