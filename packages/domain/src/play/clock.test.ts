import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inFirstMoveWindow,
  clockAfterMove,
  clockAfterTakeback,
  flagDeadline,
  initialClock,
  isFlagged,
  LAG_COMPENSATION_CAP_MS,
  lagCredit,
  remainingAt,
  stopClock,
  type ClockState,
} from './clock.ts';
import type { Color } from './status.ts';

const T0 = 1_700_000_000_000;
const running = (whiteMs: number, blackMs: number, since = T0): ClockState => ({
  whiteMs,
  blackMs,
  runningSince: since,
});

describe('clock', () => {
  it.each([
    // [case, clock, mover, ply, now, lag, inc, expected white, expected black, runningSince]
    ['first move is free', initialClock(180_000), 'white', 1, T0 + 9_000, 0, 0, 180_000, 180_000, null],
    [
      'second move starts the clocks',
      initialClock(180_000),
      'black',
      2,
      T0 + 5_000,
      0,
      0,
      180_000,
      180_000,
      T0 + 5_000,
    ],
    ['mover pays the time spent', running(100_000, 90_000), 'white', 3, T0 + 4_000, 0, 0, 96_000, 90_000, T0 + 4_000],
    ['lag is credited', running(100_000, 90_000), 'white', 3, T0 + 4_000, 200, 0, 96_200, 90_000, T0 + 4_000],
    [
      'lag credit is capped',
      running(100_000, 90_000),
      'white',
      3,
      T0 + 4_000,
      5_000,
      0,
      96_000 + LAG_COMPENSATION_CAP_MS,
      90_000,
      T0 + 4_000,
    ],
    [
      'credit never exceeds time spent',
      running(100_000, 90_000),
      'black',
      4,
      T0 + 100,
      250,
      0,
      100_000,
      90_000,
      T0 + 100,
    ],
    ['increment added', running(100_000, 90_000), 'black', 4, T0 + 1_000, 0, 2_000, 100_000, 91_000, T0 + 1_000],
  ] as const)('%s', (_name, clock, mover, ply, now, lag, inc, white, black, since) => {
    const r = clockAfterMove({ clock, mover, ply, now, incrementMs: inc, reportedLagMs: lag });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.clock).toEqual({ whiteMs: white, blackMs: black, runningSince: since });
  });

  it('a move after the time ran out flags', () => {
    expect(
      clockAfterMove({
        clock: running(1_000, 5_000),
        mover: 'white',
        ply: 5,
        now: T0 + 1_400,
        incrementMs: 0,
        reportedLagMs: 300,
      }),
    ).toEqual({
      ok: false,
      flagged: true,
    });
    // the same move inside the lag credit is in time
    expect(
      clockAfterMove({
        clock: running(1_000, 5_000),
        mover: 'white',
        ply: 5,
        now: T0 + 1_200,
        incrementMs: 0,
        reportedLagMs: 300,
      }).ok,
    ).toBe(true);
  });

  it('deadline = start + remaining + cap; flagged from then on', () => {
    const c = running(10_000, 20_000);
    expect(flagDeadline(c, 'white')).toBe(T0 + 10_000 + LAG_COMPENSATION_CAP_MS);
    expect(flagDeadline(initialClock(1000), 'white')).toBeNull();
    expect(isFlagged(c, 'white', T0 + 10_000 + LAG_COMPENSATION_CAP_MS - 1)).toBe(false);
    expect(isFlagged(c, 'white', T0 + 10_000 + LAG_COMPENSATION_CAP_MS)).toBe(true);
  });

  it('stop', () => {
    expect(stopClock(running(10_000, 20_000), 'black', T0 + 25_000)).toEqual({
      whiteMs: 10_000,
      blackMs: 0,
      runningSince: null,
    });
  });

  it.each([
    // [case, clock, side to move before, plies left, now, expected white, expected black, runningSince]
    [
      'the side to move pays its time so far',
      running(10_000, 20_000),
      'black',
      3,
      T0 + 4_000,
      10_000,
      16_000,
      T0 + 4_000,
    ],
    [
      'back before both first moves: no clock runs',
      running(10_000, 20_000),
      'white',
      1,
      T0 + 1_000,
      9_000,
      20_000,
      null,
    ],
    ['back to the start', running(10_000, 20_000), 'black', 0, T0 + 500, 10_000, 19_500, null],
    [
      'both first moves stand: the clock runs',
      running(10_000, 20_000),
      'white',
      2,
      T0 + 2_000,
      8_000,
      20_000,
      T0 + 2_000,
    ],
    ['time is floored at zero', running(1_000, 20_000), 'white', 2, T0 + 5_000, 0, 20_000, T0 + 5_000],
    ['no clock ran yet: nobody pays', initialClock(60_000), 'black', 0, T0 + 9_000, 60_000, 60_000, null],
  ] as const)('takeback: %s', (_name, clock, turn, ply, now, white, black, since) => {
    expect(clockAfterTakeback(clock, turn, ply, now)).toEqual({ whiteMs: white, blackMs: black, runningSince: since });
  });
});

const color = fc.constantFrom<Color>('white', 'black');
const clockArb = fc.record({
  whiteMs: fc.integer({ min: 0, max: 3_600_000 }),
  blackMs: fc.integer({ min: 0, max: 3_600_000 }),
  runningSince: fc.option(fc.integer({ min: T0, max: T0 + 1_000_000 }), { nil: null }),
});

describe('clock properties', () => {
  it('lag credit is within [0, min(cap, spent)]', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1e7 }), (lag, spent) => {
        const c = lagCredit(lag, spent);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(LAG_COMPENSATION_CAP_MS);
        expect(c).toBeLessThanOrEqual(spent);
      }),
    );
  });

  it('remaining time is never negative and only the side to move loses time', () => {
    fc.assert(
      fc.property(
        clockArb,
        color,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (c, turn, d1, d2) => {
          const t1 = (c.runningSince ?? T0) + d1;
          const a = remainingAt(c, turn, t1);
          const b = remainingAt(c, turn, t1 + d2);
          for (const r of [a, b]) {
            expect(r.white).toBeGreaterThanOrEqual(0);
            expect(r.black).toBeGreaterThanOrEqual(0);
          }
          // time only decreases, and only for the side to move
          const other = turn === 'white' ? 'black' : 'white';
          expect(b[turn]).toBeLessThanOrEqual(a[turn]);
          expect(b[other]).toBe(a[other]);
        },
      ),
    );
  });

  it('a move never leaves the mover with more than before plus increment plus the credit, nor below zero', () => {
    fc.assert(
      fc.property(
        clockArb,
        color,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 4_000_000 }),
        fc.integer({ min: -1_000, max: 100_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (c, mover, ply, d, lag, inc) => {
          const now = (c.runningSince ?? T0) + d;
          const r = clockAfterMove({ clock: c, mover, ply, now, incrementMs: inc, reportedLagMs: lag });
          const before = mover === 'white' ? c.whiteMs : c.blackMs;
          if (!r.ok) {
            expect(c.runningSince).not.toBeNull();
            return;
          }
          const after = mover === 'white' ? r.clock.whiteMs : r.clock.blackMs;
          const other = mover === 'white' ? 'blackMs' : 'whiteMs';
          expect(after).toBeGreaterThan(c.runningSince === null ? -1 : 0);
          expect(after).toBeLessThanOrEqual(before + inc);
          expect(r.creditMs).toBeLessThanOrEqual(LAG_COMPENSATION_CAP_MS);
          expect(r.clock[other]).toBe(c[other]);
        },
      ),
    );
  });

  it('a move is in time exactly when it comes before the flag deadline (with full lag credit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600_000 }), fc.integer({ min: 0, max: 700_000 }), (ms, d) => {
        const c: ClockState = { whiteMs: ms, blackMs: ms, runningSince: T0 };
        const r = clockAfterMove({
          clock: c,
          mover: 'white',
          ply: 3,
          now: T0 + d,
          incrementMs: 0,
          reportedLagMs: LAG_COMPENSATION_CAP_MS,
        });
        expect(r.ok).toBe(!isFlagged(c, 'white', T0 + d));
      }),
    );
  });
});

describe('the first-move window', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, false],
    [80, false],
  ])('after %i plies: %s', (ply, open) => {
    expect(inFirstMoveWindow(ply)).toBe(open);
  });
});
