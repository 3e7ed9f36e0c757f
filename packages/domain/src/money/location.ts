import { cashLocationVerdict, OFFERED_COUNTRIES } from './regions.ts';

/**
 * Where a connection comes from, as an IP database tells it. `private`: a loopback, private or
 * link-local address (local use, tests, a proxy we were not told to trust) carries no location.
 * `unlisted`: a public address the database does not place. `listed`: ISO 3166-1 country, and
 * the ISO 3166-2 region when the database names one we know (`null` otherwise).
 */
export type IpPlace =
  { kind: 'private' } | { kind: 'unlisted' } | { kind: 'listed'; country: string; region: string | null };

/**
 * How close the device's fix is to a refused state: `margin` when a refused state lies inside
 * the strict circle, `review` when one lies inside the wider review circle only, `clear`
 * otherwise. Radii: `borderRadii`.
 */
export type BorderProximity = 'clear' | 'review' | 'margin';

/**
 * The strict circle: the data is accurate to about 1 km (Natural Earth 1:10m), so a refused
 * state within 2 km of a fix (or within the fix's own uncertainty, if larger) may be where the
 * device really is: refused outright, never allowed (data README).
 */
export const BORDER_REFUSE_M = 2_000;

/**
 * The review circle: 5 km from a precise fix. Beyond the 2 km the data can be wrong by, a phone
 * can under-state its accuracy (a Wi-Fi or cell fix reported at tens of metres can be a few
 * kilometres off), and state-line towns put homes within a short drive of a refused state; 5 km
 * covers one such error on top of the data's, without catching whole metropolitan areas (central
 * Philadelphia, 25 km from Delaware, stays clear). The band widens with the fix's uncertainty:
 * it starts where the strict circle ends, so the 2 km rule keeps refusing everything it refused.
 */
export const BORDER_REVIEW_M = 5_000;

/** The radii, in metres, of the strict and the review circle around a fix of this accuracy. */
export function borderRadii(accuracyM: number): { refuse: number; review: number } {
  const refuse = Math.max(accuracyM, BORDER_REFUSE_M);
  return { refuse, review: refuse + (BORDER_REVIEW_M - BORDER_REFUSE_M) };
}

/**
 * The location verdict for cash play (SPEC 1, issue 16). `review` and `mismatch` refuse cash
 * like the others; `review` tells the player a person will look (its own text), `mismatch` is
 * the IP and the device disagreeing, shown as the provider's ll-blocked.
 */
export type CashPlaceVerdict = 'allowed' | 'refusedRegion' | 'outside' | 'mismatch' | 'review';

export interface DevicePlace {
  /** ISO 3166-2 region of the fix's centre, or null (sea, lakes, outside the US and Canada). */
  region: string | null;
  border: BorderProximity;
}

/**
 * Cash needs the device in an allowed region, no refused state within the strict circle, and
 * the IP agreeing: an IP in another country, or in another region than the device, is refused
 * (a VPN or a spoofed fix), never averaged. A private address has no IP evidence, so the device
 * decides; a listed IP without a region can only be checked on its country. A public address the
 * database cannot place, or a fix near a refused border, goes to review: refused for now.
 */
export function cashPlaceVerdict(ip: IpPlace, device: DevicePlace): CashPlaceVerdict {
  const where = cashLocationVerdict(device.region);
  if (where !== 'allowed') return where;
  if (device.border === 'margin') return 'refusedRegion';
  if (ip.kind === 'listed') {
    if (ip.country !== device.region!.slice(0, 2)) return 'mismatch';
    if (ip.region !== null && ip.region !== device.region) return 'mismatch';
  }
  if (ip.kind === 'unlisted' || device.border === 'review') return 'review';
  return 'allowed';
}

/**
 * SPEC 1: offered only in Canada and the United States, so RushCoin play and sign-up are refused
 * from an IP elsewhere. `null` (a private address, or one the database cannot place) is allowed:
 * RushCoins carry no money, and local use and tests have no public address.
 */
export function allowedCountryForRushCoins(ipCountry: string | null): boolean {
  return ipCountry === null || (OFFERED_COUNTRIES as readonly string[]).includes(ipCountry);
}

/** The country an IP place names, for `allowedCountryForRushCoins`. */
export const ipCountryOf = (ip: IpPlace): string | null => (ip.kind === 'listed' ? ip.country : null);
