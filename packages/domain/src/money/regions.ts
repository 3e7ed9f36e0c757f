/**
 * SPEC 1: offered only in Canada and the United States; cash play refused in these states, by
 * ISO 3166-2 code (`US-AZ`) with the name the Terms and the FAQ print, in the SPEC's order.
 */
export const CASH_REFUSED_STATES = {
  'US-AZ': 'Arizona',
  'US-AR': 'Arkansas',
  'US-DE': 'Delaware',
  'US-LA': 'Louisiana',
  'US-MD': 'Maryland',
  'US-MT': 'Montana',
  'US-SC': 'South Carolina',
  'US-SD': 'South Dakota',
  'US-TN': 'Tennessee',
} as const;

/** Region codes are ISO 3166-2 (`US-AZ`, `CA-ON`). */
export const CASH_REFUSED_REGIONS = Object.keys(CASH_REFUSED_STATES) as readonly (keyof typeof CASH_REFUSED_STATES)[];

export const OFFERED_COUNTRIES = ['US', 'CA'] as const;

export type CashLocationVerdict = 'allowed' | 'refusedRegion' | 'outside';

/** Whether cash play (and so a deposit) is allowed in a region; `null` is "no known region". */
export function cashLocationVerdict(regionCode: string | null): CashLocationVerdict {
  if (regionCode === null) return 'outside';
  const country = regionCode.slice(0, 2);
  if (!(OFFERED_COUNTRIES as readonly string[]).includes(country) || regionCode[2] !== '-') return 'outside';
  return (CASH_REFUSED_REGIONS as readonly string[]).includes(regionCode) ? 'refusedRegion' : 'allowed';
}
