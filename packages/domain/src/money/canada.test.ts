import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CANADIAN_FUNDING_WINDOW_MS, depositFundingDue, depositFundsAt } from './canada.ts';

const at = new Date('2026-03-10T12:00:00Z');

describe('depositFundsAt (SPEC 9: Canadian deposits funded in about 12-24 hours)', () => {
  it.each([
    ['us', '2026-03-10T12:00:00.000Z'],
    ['ca', '2026-03-11T12:00:00.000Z'],
  ] as const)('a %s deposit confirmed at noon is funded at %s', (region, funded) => {
    expect(depositFundsAt(region, at).toISOString()).toBe(funded);
  });

  it('the window is within the 12-24 hours the SPEC names', () => {
    expect(CANADIAN_FUNDING_WINDOW_MS).toBeGreaterThanOrEqual(12 * 3600_000);
    expect(CANADIAN_FUNDING_WINDOW_MS).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('does not change the date it is given', () => {
    const confirmed = new Date(at);
    depositFundsAt('ca', confirmed);
    expect(confirmed.getTime()).toBe(at.getTime());
  });
});

describe('depositFundingDue', () => {
  const fundsAt = depositFundsAt('ca', at);
  it.each([
    ['a millisecond before the end', fundsAt.getTime() - 1, false],
    ['at the end', fundsAt.getTime(), true],
    ['after the end', fundsAt.getTime() + 1, true],
    ['at confirmation', at.getTime(), false],
  ])('%s: %s', (_name, now, due) => {
    expect(depositFundingDue(fundsAt, new Date(now))).toBe(due);
  });

  it('a US deposit is due at once; a Canadian one exactly when the window has passed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 2 * CANADIAN_FUNDING_WINDOW_MS }),
        (t, wait) => {
          const confirmed = new Date(t);
          const now = new Date(t + wait);
          expect(depositFundingDue(depositFundsAt('us', confirmed), now)).toBe(true);
          expect(depositFundingDue(depositFundsAt('ca', confirmed), now)).toBe(wait >= CANADIAN_FUNDING_WINDOW_MS);
        },
      ),
    );
  });
});
