/**
 * How many generated cases the hostile-input and other property suites try (issue 30).
 *
 * HOSTILE_SAMPLES=full (what `npm run test:deep` sets) runs each suite's full count, the one
 * written where it is used; a number runs at most that many per property; unset, `npm test` runs
 * at most QUICK_SAMPLES. The quick share still sends every route and command a few dozen hostile
 * cases on every run; the full count is for a deliberate sweep.
 */
export const QUICK_SAMPLES = 25;

/** The count to run for a property whose full count is `full`, as HOSTILE_SAMPLES says. */
export function samples(full: number, setting = process.env.HOSTILE_SAMPLES): number {
  const value = setting?.trim();
  if (value === 'full') return full;
  if (value === undefined || value === '') return Math.min(full, QUICK_SAMPLES);
  const cap = Number(value);
  if (!Number.isInteger(cap) || cap < 1)
    throw new Error(`HOSTILE_SAMPLES must be "full" or a whole number, not "${value}"`);
  return Math.min(full, cap);
}
