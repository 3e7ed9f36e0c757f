import { describe, expect, it } from 'vitest';
import { ageOfMajority, isUnderLocalMajority } from './majority.ts';

describe('ageOfMajority (SPEC 1, 6)', () => {
  it.each([
    ['US-NY', 18],
    ['US-CA', 18],
    ['US-TX', 18],
    ['US-AL', 19],
    ['US-NE', 19],
    ['US-MS', 21],
    ['CA-AB', 18],
    ['CA-MB', 18],
    ['CA-ON', 19],
    ['CA-PE', 19],
    ['CA-QC', 18],
    ['CA-SK', 19],
    ['CA-BC', 19],
    ['CA-NB', 19],
    ['CA-NL', 19],
    ['CA-NS', 19],
    ['CA-NT', 19],
    ['CA-NU', 19],
    ['CA-YT', 19],
  ])('%s: %i', (region, age) => {
    expect(ageOfMajority(region)).toBe(age);
  });
});

describe('isUnderLocalMajority', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['18 tomorrow in New York', '2008-06-16', 'US-NY', true],
    ['18 today in New York', '2008-06-15', 'US-NY', false],
    ['18 yesterday in New York', '2008-06-14', 'US-NY', false],
    ['18 in Alabama', '2008-06-15', 'US-AL', true],
    ['19 tomorrow in Alabama', '2007-06-16', 'US-AL', true],
    ['19 today in Nebraska', '2007-06-15', 'US-NE', false],
    ['20 in Mississippi', '2006-06-15', 'US-MS', true],
    ['21 tomorrow in Mississippi', '2005-06-16', 'US-MS', true],
    ['21 today in Mississippi', '2005-06-15', 'US-MS', false],
    ['18 in Ontario', '2008-06-15', 'CA-ON', true],
    ['19 today in Ontario', '2007-06-15', 'CA-ON', false],
    ['18 in Quebec', '2008-06-15', 'CA-QC', false],
    ['18 in British Columbia', '2008-06-15', 'CA-BC', true],
    ['19 today in British Columbia', '2007-06-15', 'CA-BC', false],
    ['born in the future', '2030-01-01', 'US-NY', true],
  ])('%s', (_name, dob, region, under) => {
    expect(isUnderLocalMajority(dob, region, now)).toBe(under);
  });

  it('a 29 February birthday counts from 1 March in other years', () => {
    expect(isUnderLocalMajority('2008-02-29', 'US-NY', new Date('2026-02-28T23:59:59Z'))).toBe(true);
    expect(isUnderLocalMajority('2008-02-29', 'US-NY', new Date('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it.each([
    ['no date of birth', null],
    ['an empty one', ''],
    ['a US-style date', '06/15/1980'],
    ['a date with a time', '1980-06-15T00:00:00Z'],
    ['month 13', '1980-13-01'],
    ['day 32', '1980-01-32'],
    ['30 February', '1980-02-30'],
    ['month 0', '1980-00-10'],
    ['garbage', 'not a date'],
  ])('%s counts as under', (_name, dob) => {
    expect(isUnderLocalMajority(dob, 'US-NY', now)).toBe(true);
  });
});
