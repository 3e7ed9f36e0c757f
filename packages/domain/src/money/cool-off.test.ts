import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COOL_OFF_CHOICES, COOL_OFF_MS, decideCoolOff, isCoolingOff, type CoolOffChoice } from './cool-off.ts';

const now = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const hour = 3_600_000;

describe('cool-off (issue 37)', () => {
  it('runs while its end is later than now', () => {
    expect(isCoolingOff(later(1), now)).toBe(true);
    expect(isCoolingOff(now, now)).toBe(false);
    expect(isCoolingOff(later(-1), now)).toBe(false);
    expect(isCoolingOff(null, now)).toBe(false);
  });

  it.each([
    ['24h', 24 * hour],
    ['7d', 7 * 24 * hour],
    ['30d', 30 * 24 * hour],
  ] as const)('%s from no break ends %i ms later', (choice, ms) => {
    expect(decideCoolOff(null, choice, now)).toEqual({ ok: true, until: later(ms) });
  });

  it.each([
    ['a shorter break during a longer one is refused', later(7 * 24 * hour), '24h', false],
    ['the same length again is refused (it would not end later)', later(24 * hour), '24h', false],
    ['a longer break extends a running one', later(2 * hour), '7d', true],
    ['an ended break is no obstacle', later(-hour), '24h', true],
  ] as const)('%s', (_name, current, choice, ok) => {
    const d = decideCoolOff(current, choice, now);
    expect(d.ok).toBe(ok);
    if (!d.ok) expect(d.until).toEqual(current);
  });

  it('never shortens: an accepted break ends later than any running one', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -40 * 24 * hour, max: 40 * 24 * hour })),
        fc.constantFrom(...COOL_OFF_CHOICES),
        (offset, choice: CoolOffChoice) => {
          const current = offset === null ? null : later(offset);
          const d = decideCoolOff(current, choice, now);
          if (d.ok) {
            expect(d.until.getTime()).toBe(now.getTime() + COOL_OFF_MS[choice]);
            if (isCoolingOff(current, now)) expect(d.until.getTime()).toBeGreaterThan(current.getTime());
          } else {
            expect(isCoolingOff(current, now)).toBe(true);
            expect(d.until).toEqual(current);
          }
        },
      ),
    );
  });
});
