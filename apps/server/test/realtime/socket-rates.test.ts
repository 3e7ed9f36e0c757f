import { describe, expect, it } from 'vitest';
import { LocalRateCounter } from '../../src/platform/realtime/rate-counter.ts';
import { beyondBound } from '../../src/platform/realtime/socket-bound.ts';
import {
  decide,
  scaledRates,
  SOCKET_RATE_WINDOW_MS,
  SOCKET_RATES,
  windowAt,
  type RateDecision,
} from '../../src/platform/realtime/socket-rates.ts';

/** Issue 33's socket rules as tables: the window, the decision, the budgets, the socket bound. */
describe('socket rates', () => {
  it.each<[now: number, index: number, endsAt: number]>([
    [0, 0, 10_000],
    [9_999, 0, 10_000],
    [10_000, 1, 20_000],
    [1_768_478_400_123, 176_847_840, 1_768_478_410_000],
  ])('the window of %i is #%i, ending at %i', (now, index, endsAt) => {
    expect(windowAt(now, SOCKET_RATE_WINDOW_MS)).toEqual({ index, endsAt });
  });

  it.each<[count: number, max: number, now: number, expected: RateDecision]>([
    [1, 10, 0, { allowed: true }],
    [10, 10, 5_000, { allowed: true }],
    // The 11th of 10, 5 s before the window ends: wait 5 s.
    [11, 10, 5_000, { allowed: false, retryAfterSeconds: 5 }],
    // A part of a second rounds up, like Retry-After...
    [11, 10, 5_001, { allowed: false, retryAfterSeconds: 5 }],
    [11, 10, 4_999, { allowed: false, retryAfterSeconds: 6 }],
    // ...and is at least 1 at the very end of the window.
    [300, 10, 9_999, { allowed: false, retryAfterSeconds: 1 }],
    [301, 300, 10_000, { allowed: false, retryAfterSeconds: 10 }],
  ])('hit %i of a budget of %i at %i ms', (count, max, now, expected) => {
    expect(decide(count, max, now)).toEqual(expected);
  });

  it('gives moves a budget no bullet player with premoves reaches, and chat one a flood exceeds at once', () => {
    // ~100 own moves in 10 s is beyond the fastest premove scramble: three times that is allowed.
    expect(SOCKET_RATES.move.socket).toBeGreaterThanOrEqual(300);
    expect(SOCKET_RATES.move.user).toBeGreaterThanOrEqual(300);
    // The flood: 300 lines in 2 s.
    expect(SOCKET_RATES.chat.socket).toBeLessThan(300 / 10);
    // A full resubscribe of the most topics a socket may follow fits one window.
    expect(SOCKET_RATES.subscribe.socket).toBeGreaterThanOrEqual(200);
    // An unclassified command is the tightest but chat.
    for (const [cls, rate] of Object.entries(SOCKET_RATES))
      if (cls !== 'chat' && cls !== 'strict')
        expect(rate.socket, cls).toBeGreaterThanOrEqual(SOCKET_RATES.strict.socket);
  });

  it.each<[multiplier: number, chat: number, strictUser: number]>([
    [1, 10, 20],
    [1000, 10_000, 20_000],
    [0.01, 1, 1],
  ])('scales every budget by %f (at least 1)', (multiplier, chat, strictUser) => {
    const r = scaledRates(multiplier);
    expect(r.chat.socket).toBe(chat);
    expect(r.strict.user).toBe(strictUser);
  });

  it('counts per key within a window and forgets the old window when a new one begins', () => {
    const c = new LocalRateCounter();
    expect([c.hit('a', 1), c.hit('a', 1), c.hit('b', 1)]).toEqual([1, 2, 1]);
    expect(c.hit('a', 2)).toBe(1);
    expect(c.size).toBe(1);
    // A late hit of the previous window counts in the current one rather than in none.
    expect(c.hit('a', 1)).toBe(2);
  });

  it.each<[open: string[], max: number, closed: string[]]>([
    [[], 10, []],
    [['a', 'b'], 10, []],
    [['a', 'b', 'c'], 3, []],
    [['a', 'b', 'c', 'd'], 3, ['a']],
    [['a', 'b', 'c', 'd', 'e'], 1, ['a', 'b', 'c', 'd']],
  ])('of the sockets %j with a bound of %i, closes %j', (open, max, closed) => {
    expect(beyondBound(open, max)).toEqual(closed);
  });
});
