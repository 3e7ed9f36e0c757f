import { describe, expect, it } from 'vitest';
import { CASH_REFUSED_REGIONS, CASH_REFUSED_STATES, cashLocationVerdict } from './regions.ts';

describe('cash play by region (SPEC 1)', () => {
  it.each([
    ['US-NY', 'allowed'],
    ['CA-ON', 'allowed'],
    ['US-DC', 'allowed'],
    ['US-AZ', 'refusedRegion'],
    ['US-TN', 'refusedRegion'],
    ['MX-BCN', 'outside'],
    ['USA', 'outside'],
    [null, 'outside'],
  ])('%s -> %s', (code, verdict) => {
    expect(cashLocationVerdict(code)).toBe(verdict);
  });
  it('refuses exactly the nine states of the SPEC', () => {
    expect([...CASH_REFUSED_REGIONS].sort()).toEqual(
      ['US-AR', 'US-AZ', 'US-DE', 'US-LA', 'US-MD', 'US-MT', 'US-SC', 'US-SD', 'US-TN'].sort(),
    );
  });
  it('names them as the SPEC does, in its order', () => {
    expect(Object.values(CASH_REFUSED_STATES)).toEqual([
      'Arizona',
      'Arkansas',
      'Delaware',
      'Louisiana',
      'Maryland',
      'Montana',
      'South Carolina',
      'South Dakota',
      'Tennessee',
    ]);
  });
});
