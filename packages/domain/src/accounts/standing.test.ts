import { describe, expect, it } from 'vitest';
import { accountRestriction, commandRefusal } from './standing.ts';

describe('accountRestriction', () => {
  it.each([
    [false, false, null],
    [false, true, 'banned'],
    [true, false, 'closed'],
    // Closing is permanent and says more than a ban: the overlay wins.
    [true, true, 'closed'],
  ] as const)('closed=%s banned=%s -> %s', (closed, banned, expected) => {
    expect(accountRestriction({ closed, banned })).toBe(expected);
  });
});

describe('commandRefusal', () => {
  const dob = '1990-06-15';
  it.each([
    [false, false, dob, null],
    [false, false, null, 'dateOfBirth'],
    [false, true, dob, 'banned'],
    [true, false, dob, 'closed'],
    [true, true, dob, 'closed'],
    // A restriction says more than the missing date of birth.
    [false, true, null, 'banned'],
    [true, false, null, 'closed'],
  ] as const)('closed=%s banned=%s dateOfBirth=%s -> %s', (closed, banned, dateOfBirth, expected) => {
    expect(commandRefusal({ closed, banned, dateOfBirth })).toBe(expected);
  });
});
