import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedCountryForRushCoins,
  BORDER_REFUSE_M,
  BORDER_REVIEW_M,
  borderRadii,
  cashPlaceVerdict,
  ipCountryOf,
  type BorderProximity,
  type IpPlace,
} from './location.ts';
import { CASH_REFUSED_REGIONS, cashLocationVerdict } from './regions.ts';

const privateIp: IpPlace = { kind: 'private' };
const unlisted: IpPlace = { kind: 'unlisted' };
const listed = (country: string, region: string | null = null): IpPlace => ({ kind: 'listed', country, region });

describe('cash place verdict: device and IP together (issue 16)', () => {
  it.each([
    ['New York, IP in New York', listed('US', 'US-NY'), 'US-NY', 'clear', 'allowed'],
    ['New York, private IP: the device decides', privateIp, 'US-NY', 'clear', 'allowed'],
    ['New York, IP in the US without a state', listed('US'), 'US-NY', 'clear', 'allowed'],
    ['Ontario, IP in Ontario', listed('CA', 'CA-ON'), 'CA-ON', 'clear', 'allowed'],
    ['New York, IP in New Jersey', listed('US', 'US-NJ'), 'US-NY', 'clear', 'mismatch'],
    ['New York, IP in Ontario', listed('CA', 'CA-ON'), 'US-NY', 'clear', 'mismatch'],
    ['New York, IP in Germany', listed('DE'), 'US-NY', 'clear', 'mismatch'],
    ['New York, IP the database cannot place', unlisted, 'US-NY', 'clear', 'review'],
    ['New York, 4 km from a refused state', listed('US', 'US-NY'), 'US-NY', 'review', 'review'],
    ['New York, 1 km from a refused state', listed('US', 'US-NY'), 'US-NY', 'margin', 'refusedRegion'],
    ['near a border and the IP elsewhere: the disagreement wins', listed('US', 'US-NJ'), 'US-NY', 'review', 'mismatch'],
    ['Arizona, IP in Arizona', listed('US', 'US-AZ'), 'US-AZ', 'clear', 'refusedRegion'],
    ['Arizona, IP in New York', listed('US', 'US-NY'), 'US-AZ', 'clear', 'refusedRegion'],
    ['Tennessee, private IP', privateIp, 'US-TN', 'clear', 'refusedRegion'],
    ['no region (the sea), IP in New York', listed('US', 'US-NY'), null, 'clear', 'outside'],
    ['Mexico', listed('MX'), 'MX-BCN', 'clear', 'outside'],
  ] as const)('%s -> %s', (_name, ip, region, border, verdict) => {
    expect(cashPlaceVerdict(ip, { region, border })).toBe(verdict);
  });

  const regions = fc.constantFrom('US-NY', 'US-CA', 'US-DC', 'CA-ON', 'CA-QC', ...CASH_REFUSED_REGIONS, 'MX-SON');
  const maybeRegion = fc.option(regions, { nil: null });
  const ips = fc.oneof(
    fc.constant(privateIp),
    fc.constant(unlisted),
    fc.record({
      kind: fc.constant('listed' as const),
      country: fc.constantFrom('US', 'CA', 'MX', 'DE'),
      region: maybeRegion,
    }),
  );
  const borders = fc.constantFrom<BorderProximity>('clear', 'review', 'margin');

  it('allows only an allowed region, clear of refused borders, that the IP does not contradict', () => {
    fc.assert(
      fc.property(ips, maybeRegion, borders, (ip, region, border) => {
        const verdict = cashPlaceVerdict(ip, { region, border });
        if (verdict !== 'allowed') return;
        expect(cashLocationVerdict(region)).toBe('allowed');
        expect(border).toBe('clear');
        expect(ip.kind).not.toBe('unlisted');
        if (ip.kind === 'listed') {
          expect(ip.country).toBe(region!.slice(0, 2));
          if (ip.region !== null) expect(ip.region).toBe(region);
        }
      }),
    );
  });

  it('a private IP never refuses what the device alone allows, nor allows what it refuses', () => {
    fc.assert(
      fc.property(maybeRegion, borders, (region, border) => {
        const withIp = cashPlaceVerdict(listed(region?.slice(0, 2) ?? 'US', region), { region, border });
        expect(cashPlaceVerdict(privateIp, { region, border })).toBe(withIp);
      }),
    );
  });
});

describe('border circles', () => {
  it('a precise fix: refused within 2 km, reviewed within 5 km', () => {
    expect(borderRadii(10)).toEqual({ refuse: BORDER_REFUSE_M, review: BORDER_REVIEW_M });
    expect(borderRadii(0)).toEqual({ refuse: 2_000, review: 5_000 });
  });
  it('an imprecise fix widens both; the review band always lies beyond the strict circle', () => {
    expect(borderRadii(40_000)).toEqual({ refuse: 40_000, review: 43_000 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), (accuracy) => {
        const { refuse, review } = borderRadii(accuracy);
        expect(refuse).toBeGreaterThanOrEqual(Math.max(accuracy, BORDER_REFUSE_M));
        expect(review - refuse).toBeCloseTo(BORDER_REVIEW_M - BORDER_REFUSE_M, 6); // floating point
      }),
    );
  });
});

describe('RushCoins and sign-up by IP country (SPEC 1)', () => {
  it.each([
    ['US', true],
    ['CA', true],
    [null, true],
    ['MX', false],
    ['GB', false],
    ['us', false],
    ['', false],
  ])('%s -> %s', (country, allowed) => {
    expect(allowedCountryForRushCoins(country)).toBe(allowed);
  });
  it('reads the country of a listed IP only', () => {
    expect(ipCountryOf(listed('GB'))).toBe('GB');
    expect(ipCountryOf(privateIp)).toBeNull();
    expect(ipCountryOf(unlisted)).toBeNull();
  });
});
