import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  attemptDelayMs,
  attemptScheduleLength,
  formatRetryWait,
  MAIL_SPACING_MS,
  mailWaitMs,
  type AttemptPolicy,
} from './attempts.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const policy: AttemptPolicy = { freeAttempts: 5, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE };

describe('attempt delays (issue 10: growing delays instead of a lock)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 30 * SECOND],
    [6, MINUTE],
    [7, 2 * MINUTE],
    [8, 4 * MINUTE],
    [9, 8 * MINUTE],
    [10, 15 * MINUTE],
    [11, 15 * MINUTE],
    [1_000, 15 * MINUTE],
    [Number.MAX_SAFE_INTEGER, 15 * MINUTE],
  ])('after attempt %i the wait is %i ms', (attempts, expected) => {
    expect(attemptDelayMs(policy, attempts)).toBe(expected);
  });

  it('one free attempt waits from the first', () => {
    const strict = { freeAttempts: 1, firstDelayMs: SECOND, maxDelayMs: 4 * SECOND };
    expect([1, 2, 3, 4].map((n) => attemptDelayMs(strict, n))).toEqual([SECOND, 2 * SECOND, 4 * SECOND, 4 * SECOND]);
  });

  it('the schedule reaches its ceiling at the length a store tabulates', () => {
    expect(attemptScheduleLength(policy)).toBe(10);
    expect(attemptScheduleLength({ freeAttempts: 1, firstDelayMs: SECOND, maxDelayMs: SECOND })).toBe(1);
    // A policy that never waits (a plain counter) needs no table at all.
    expect(attemptScheduleLength({ freeAttempts: Number.MAX_SAFE_INTEGER, firstDelayMs: 0, maxDelayMs: 0 })).toBe(1);
  });

  it('never shrinks, never exceeds the ceiling, and is flat past the tabulated length', () => {
    const arbPolicy = fc.record({
      freeAttempts: fc.integer({ min: 1, max: 50 }),
      firstDelayMs: fc.integer({ min: 1, max: MINUTE }),
      maxDelayMs: fc.integer({ min: MINUTE, max: 24 * 60 * MINUTE }),
    });
    fc.assert(
      fc.property(arbPolicy, fc.integer({ min: 0, max: 10_000 }), (p, n) => {
        const a = attemptDelayMs(p, n);
        const b = attemptDelayMs(p, n + 1);
        expect(b).toBeGreaterThanOrEqual(a);
        expect(b).toBeLessThanOrEqual(p.maxDelayMs);
        if (n >= attemptScheduleLength(p)) expect(a).toBe(p.maxDelayMs);
        if (n < p.freeAttempts) expect(a).toBe(0);
      }),
    );
  });
});

describe('formatRetryWait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [1_000, '1 second'],
    [1_001, '2 seconds'],
    [30_000, '30 seconds'],
    [59_999, '1 minute'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [15 * MINUTE, '15 minutes'],
  ])('%i ms reads %j', (ms, expected) => {
    expect(formatRetryWait(ms)).toBe(expected);
  });

  it('the mail spacing reads "1 minute" (issue 36: the web said "60 seconds" where the server said "1 minute")', () => {
    expect(formatRetryWait(MAIL_SPACING_MS)).toBe('1 minute');
  });

  // The server formats the wait in milliseconds; the web counts whole seconds from Retry-After and
  // formats seconds x 1000. Both read the same sentence for the same wait.
  it('a wait rounded up to whole seconds reads as the wait itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 * MINUTE }), (ms) => {
        expect(formatRetryWait(Math.ceil(ms / SECOND) * SECOND)).toBe(formatRetryWait(ms));
      }),
    );
  });
});

describe('mailWaitMs: one mail of a kind a minute', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    ['never sent', null, 0],
    ['just sent', ago(0), MAIL_SPACING_MS],
    ['15 s ago', ago(15 * SECOND), 45 * SECOND],
    ['exactly a minute ago', ago(MINUTE), 0],
    ['an hour ago', ago(60 * MINUTE), 0],
  ])('%s', (_name, last, wait) => {
    expect(mailWaitMs(last, now)).toBe(wait);
  });
});
