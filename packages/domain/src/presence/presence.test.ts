import { describe, expect, it } from 'vitest';
import { countsAsOnline, ONLINE_WINDOW_MS } from './presence.ts';

describe('countsAsOnline (SPEC 9: last_changed within 180000 ms)', () => {
  const now = 1_000_000;
  it.each([
    ['online', now, true],
    ['idle', now - ONLINE_WINDOW_MS, true],
    ['online', now - ONLINE_WINDOW_MS - 1, false],
    ['offline', now, false],
  ] as const)('%s at %d -> %s', (state, at, expected) => {
    expect(countsAsOnline(state, at, now)).toBe(expected);
  });
});
