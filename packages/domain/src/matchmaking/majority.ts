import { ageOn, isRealDate } from '../accounts/validation.ts';

/**
 * Local age of majority for play (SPEC 1, 6: under it, RushCoins only). Region codes are ISO
 * 3166-2. United States: 18, except Alabama and Nebraska (19) and Mississippi (21). Canada
 * (issue 16): 18 in Alberta, Manitoba and Quebec, 19 elsewhere. Ontario, Prince Edward Island
 * and Saskatchewan reach civil majority at 18 but allow gambling only from 19: for play for
 * money the gambling age is the one that binds, so they are 19 here.
 */
const MAJORITY: Readonly<Record<string, number>> = {
  'US-AL': 19,
  'US-NE': 19,
  'US-MS': 21,
  'CA-BC': 19,
  'CA-NB': 19,
  'CA-NL': 19,
  'CA-NS': 19,
  'CA-NT': 19,
  'CA-NU': 19,
  'CA-ON': 19,
  'CA-PE': 19,
  'CA-SK': 19,
  'CA-YT': 19,
};

export const ageOfMajority = (regionCode: string): number => MAJORITY[regionCode] ?? 18;

/**
 * Under the majority of the region; an unknown or impossible date of birth ("2000-13-45")
 * counts as under (cannot prove it).
 */
export function isUnderLocalMajority(dateOfBirth: string | null, regionCode: string, now: Date): boolean {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return true;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  if (!isRealDate({ year, month, day })) return true;
  return ageOn({ year, month, day }, now) < ageOfMajority(regionCode);
}
