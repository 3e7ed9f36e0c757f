import { describe, expect, it } from 'vitest';
import { QUICK_SAMPLES, samples } from './samples.ts';

describe('HOSTILE_SAMPLES', () => {
  it.each([
    ['unset: the quick share', undefined, 200, QUICK_SAMPLES],
    ['empty: the quick share', '', 200, QUICK_SAMPLES],
    ['unset, a count already below it', undefined, 10, 10],
    ['full: the count written in the suite', 'full', 200, 200],
    ['a number caps each property', '50', 200, 50],
    ['a number above the full count', '500', 200, 200],
  ] as const)('%s', (_name, setting, full, expected) => {
    expect(samples(full, setting)).toBe(expected);
  });

  it.each(['0', '-3', '2.5', 'lots'])('refuses %s', (setting) => {
    expect(() => samples(100, setting)).toThrow(/HOSTILE_SAMPLES/);
  });
});
