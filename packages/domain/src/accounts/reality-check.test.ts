import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acknowledgeCheck,
  nextCheckAt,
  playedText,
  REALITY_CHECK_INTERVALS,
  realityCheckDue,
  realityCheckIntervalLabel,
  realityCheckMinutesOf,
  SESSION_GAP_MS,
  seenAt,
  timePlayedMs,
  type RealityCheckRecord,
} from './reality-check.ts';

const MIN = 60_000;
const T0 = new Date('2026-11-29T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);
const session = (start: number, seen = start, ack: number | null = null): RealityCheckRecord => ({
  sessionStartedAt: at(start),
  lastSeenAt: at(seen),
  acknowledgedAt: ack === null ? null : at(ack),
});

describe('reality check sessions', () => {
  it.each([
    ['the first sighting starts a session', null, 0, 0],
    ['seen again soon: the same session', session(0, 10), 20, 0],
    ['seen again just under the gap: the same session', session(0, 10), 39.99, 0],
    ['seen again after the gap: a new session', session(0, 10), 40, 40],
    ['after a long night: a new session', session(0, 10), 600, 600],
  ])('%s', (_name, record, now, start) => {
    const next = seenAt(record, at(now));
    expect(next.sessionStartedAt).toEqual(at(start));
    expect(next.lastSeenAt).toEqual(at(now));
    expect(timePlayedMs(next, at(now))).toBe((now - start) * MIN);
  });

  it('a sighting read out of order never moves the last sighting back', () => {
    expect(seenAt(session(0, 10), at(5)).lastSeenAt).toEqual(at(10));
  });
});

describe('when a check is due', () => {
  it.each([
    ['off: never', session(0), 0, 500, false, null],
    ['60 minutes, 59 played', session(0), 60, 59, false, 60],
    ['60 minutes, 60 played', session(0), 60, 60, true, 60],
    ['15 minutes, 16 played', session(0), 15, 16, true, 15],
    ['answered at 61: next at 121', session(0, 61, 61), 60, 100, false, 121],
    ['answered at 61, now 121', session(0, 121, 61), 60, 121, true, 121],
    ['an answer from an earlier session does not count', session(100, 100, 30), 30, 129, false, 130],
  ])('%s', (_name, record, interval, now, due, next) => {
    const i = interval as (typeof REALITY_CHECK_INTERVALS)[number];
    expect(realityCheckDue({ record, interval: i, now: at(now), busy: false })).toBe(due);
    expect(nextCheckAt(record, i)).toEqual(next === null ? null : at(next));
  });

  it('never while the player is in a game or a queue', () => {
    expect(realityCheckDue({ record: session(0), interval: 15, now: at(90), busy: true })).toBe(false);
  });

  it.each([
    [15, 15],
    [0, 0],
    [undefined, 60],
    [45, 60],
    ['15', 60],
  ])('reads the stored setting %s as %s', (stored, minutes) => {
    expect(realityCheckMinutesOf(stored)).toBe(minutes);
  });

  it('labels each interval', () => {
    expect(REALITY_CHECK_INTERVALS.map(realityCheckIntervalLabel)).toEqual([
      'Off',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 60 minutes',
    ]);
  });
});

describe('answering a check', () => {
  it('answers the check that is due, once', () => {
    const record = session(0, 70);
    const first = acknowledgeCheck(record, 60, at(60), at(70));
    expect(first.applied).toBe(true);
    expect(first.record.acknowledgedAt).toEqual(at(70));
    // The other tab answers the same check: nothing changes.
    const second = acknowledgeCheck(first.record, 60, at(60), at(70.5));
    expect(second).toEqual({ record: first.record, applied: false });
  });

  it.each([
    ['a check not due yet', session(0, 30), 60, 60, 30],
    ['a check that is not the current one', session(0, 70), 60, 45, 70],
    ['checks are off', session(0, 70), 0, 60, 70],
  ])('ignores %s', (_name, record, interval, dueAt, now) => {
    const i = interval as (typeof REALITY_CHECK_INTERVALS)[number];
    expect(acknowledgeCheck(record, i, at(dueAt), at(now)).applied).toBe(false);
  });

  it('property: after any answers, the next check is one interval after the last answer or the start, never earlier than now', () => {
    const interval = fc.constantFrom(15, 30, 60) as fc.Arbitrary<(typeof REALITY_CHECK_INTERVALS)[number]>;
    const steps = fc.array(fc.record({ wait: fc.integer({ min: 0, max: 45 * MIN }), answer: fc.boolean() }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(interval, steps, (i, list) => {
        let now = T0;
        let record = seenAt(null, now);
        for (const step of list) {
          now = new Date(now.getTime() + step.wait);
          record = seenAt(record, now);
          const due = realityCheckDue({ record, interval: i, now, busy: false });
          const next = nextCheckAt(record, i)!;
          expect(due).toBe(now >= next);
          if (step.answer && due) {
            const answered = acknowledgeCheck(record, i, next, now);
            expect(answered.applied).toBe(true);
            record = answered.record;
            // Answered: not due again until a whole interval has passed.
            expect(nextCheckAt(record, i)!.getTime()).toBe(now.getTime() + i * MIN);
            expect(acknowledgeCheck(record, i, next, now).applied).toBe(false);
          }
          expect(timePlayedMs(record, now)).toBeLessThanOrEqual(now.getTime() - T0.getTime());
          expect(now.getTime() - record.lastSeenAt.getTime()).toBeLessThan(SESSION_GAP_MS);
        }
      }),
    );
  });
});

describe('time played in words', () => {
  it.each([
    [0, '0 minutes'],
    [59_999, '0 minutes'],
    [MIN, '1 minute'],
    [45 * MIN, '45 minutes'],
    [60 * MIN, '1 hour'],
    [61 * MIN + 30_000, '1 hour 1 minute'],
    [125 * MIN, '2 hours 5 minutes'],
    [-5, '0 minutes'],
  ])('%s ms is %s', (ms, text) => {
    expect(playedText(ms)).toBe(text);
  });
});
