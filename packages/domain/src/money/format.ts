import { currencyLabel, MINOR_DIGITS, MINOR_PER_UNIT, type Currency } from './currency.ts';

/**
 * SPEC 2 header: balances with two decimals and thousands separators, "-" when hidden or null.
 * Amounts are integer minor units (USD cents; RC hundredths). The digits of every amount.
 */
export function formatMinor(minor: number | bigint | null | undefined, hidden = false): string {
  if (hidden || minor === null || minor === undefined) return '-';
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = (abs / MINOR_PER_UNIT).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % MINOR_PER_UNIT).toString().padStart(MINOR_DIGITS, '0');
  return `${neg ? '-' : ''}${whole}.${cents}`;
}

/**
 * How an amount's currency shows: `short` "$20.00" (the default), `long` "US$20.00" (the SPEC's
 * wording of the fees and bounds, for readers who think in Canadian dollars), `none` the digits
 * alone (beside a currency code already, as in the header). RushCoins read "200.00 RC" either way.
 */
export type AmountMark = 'short' | 'long' | 'none';

export interface AmountStyle {
  /** The user hid this balance: "-". */
  hidden?: boolean;
  mark?: AmountMark;
  /** Round figures quoted in prose drop ".00" ("$10", "US$3,000"); amounts with cents keep them. */
  trimCents?: boolean;
}

/**
 * SPEC 2/9 amount with its currency: "$20.00" for USD, "200.00 RC" for RushCoins; "-" when hidden
 * or unknown. The one place the web and the domain spell an amount; `parseAmount` reads it back.
 */
export function formatAmount(
  minor: number | bigint | null | undefined,
  currency: Currency,
  style: AmountStyle = {},
): string {
  const { hidden = false, mark = 'short', trimCents = false } = style;
  if (hidden || minor === null || minor === undefined) return '-';
  const v = BigInt(minor);
  // The sign goes before the dollar sign ("-$1.50"), as accountants write it.
  const sign = v < 0n ? '-' : '';
  let digits = formatMinor(v < 0n ? -v : v);
  if (trimCents && v % MINOR_PER_UNIT === 0n) digits = digits.slice(0, -(MINOR_DIGITS + 1));
  if (mark === 'none') return `${sign}${digits}`;
  if (currency === 'wbx') return `${sign}${digits} ${currencyLabel(currency)}`;
  return `${sign}${mark === 'long' ? 'US$' : '$'}${digits}`;
}
