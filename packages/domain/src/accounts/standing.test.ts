import { describe, expect, it } from 'vitest';
import { accountRestriction } from './standing.ts';

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
