import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BATTLE_COUNTDOWN_MS,
  BATTLE_START,
  battleBegun,
  battleBeginsAt,
  furthestPhase,
  startOverlay,
  startPhase,
  type StartPhase,
} from './start.ts';

const T = Date.UTC(2026, 0, 15, 12);

describe('battle start overlay (SPEC 9: ends 1.2 s early)', () => {
  it('the countdown is the overlay plus the 1.2 s it lifts early', () => {
    expect(BATTLE_START.overlayEarlyMs).toBe(1_200);
    expect(BATTLE_COUNTDOWN_MS).toBe(4_200);
    expect(battleBeginsAt(T)).toBe(T + 4_200);
  });

  it.each([
    // ms after Start was pressed -> what shows
    [0, { visible: true, count: 3, liftsInMs: 3_000 }],
    [1, { visible: true, count: 3, liftsInMs: 2_999 }],
    [1_000, { visible: true, count: 2, liftsInMs: 2_000 }],
    [2_500, { visible: true, count: 1, liftsInMs: 500 }],
    [2_999, { visible: true, count: 1, liftsInMs: 1 }],
    [3_000, { visible: false, count: 0, liftsInMs: 0 }], // 1.2 s before the start
    [4_199, { visible: false, count: 0, liftsInMs: 0 }],
    [60_000, { visible: false, count: 0, liftsInMs: 0 }],
  ])('%i ms after Start: %o', (after, expected) => {
    expect(startOverlay(battleBeginsAt(T), T + after)).toEqual(expected);
  });

  it('moves count from the start, not before', () => {
    const begins = battleBeginsAt(T);
    expect(battleBegun(begins, begins - 1)).toBe(false);
    expect(battleBegun(begins, begins)).toBe(true);
  });

  it('an unreadable time shows no overlay', () => {
    expect(startOverlay(Number.NaN, T).visible).toBe(false);
    expect(startOverlay(T, Number.NaN).visible).toBe(false);
  });

  it('property: the overlay always lifts exactly 1.2 s before the battle begins, and moves never count while it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -10_000, max: 10_000 }), (begins, delta) => {
        const now = begins + delta;
        const o = startOverlay(begins, now);
        expect(o.visible).toBe(now < begins - BATTLE_START.overlayEarlyMs);
        if (o.visible) {
          expect(battleBegun(begins, now)).toBe(false);
          expect(o.count).toBeGreaterThanOrEqual(1);
          expect(now + o.liftsInMs).toBe(begins - BATTLE_START.overlayEarlyMs);
        }
      }),
    );
  });

  it.each([
    // ms after Start was pressed -> the phase
    [0, 'counting'],
    [2_999, 'counting'],
    [3_000, 'lifted'],
    [4_199, 'lifted'],
    [4_200, 'begun'],
  ] as const)('%i ms after Start: %s', (after, phase) => {
    expect(startPhase(battleBeginsAt(T), T + after)).toBe(phase);
  });

  it.each([
    ['counting', 'counting', 'counting'],
    ['counting', 'lifted', 'lifted'],
    ['lifted', 'counting', 'lifted'], // a later estimate of the start: the overlay stays lifted
    ['begun', 'lifted', 'begun'], // ... and moves still count
    ['begun', 'counting', 'begun'],
    ['lifted', 'begun', 'begun'],
  ] as const)('reached %s, now reads %s: %s', (reached, now, expected) => {
    expect(furthestPhase(reached, now)).toBe(expected);
  });

  it('property: however the estimated start jitters, the phase a client shows never goes back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: -400, max: 400 })), { maxLength: 40 }),
        (begins, steps) => {
          const order: StartPhase[] = ['counting', 'lifted', 'begun'];
          let now = begins - BATTLE_COUNTDOWN_MS;
          let reached: StartPhase = 'counting';
          for (const [tick, jitter] of steps) {
            now += tick;
            const next = furthestPhase(reached, startPhase(begins + jitter, now));
            expect(order.indexOf(next)).toBeGreaterThanOrEqual(order.indexOf(reached));
            reached = next;
          }
        },
      ),
    );
  });
});
