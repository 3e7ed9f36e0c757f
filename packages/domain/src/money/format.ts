/**
 * SPEC 2 header: balances with two decimals and thousands separators, "-" when hidden or null.
 * Amounts are integer minor units (USD cents; RC hundredths).
 */
export function formatMinor(minor: number | bigint | null | undefined, hidden = false): string {
  if (hidden || minor === null || minor === undefined) return '-';
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${cents}`;
}
