import { afterEach, describe, expect, test, vi } from 'vitest';
import { IDLE_AFTER_MS, MOUSE_THROTTLE_MS } from '@rush/domain';
import { PresenceTracker } from './presence.ts';

afterEach(() => vi.useRealTimers());

describe('PresenceTracker (SPEC 4)', () => {
  test('online on activity at most once per throttle window; idle after quiet; back online at once', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const target = new EventTarget();
    const tracker = new PresenceTracker((s) => sent.push(s));
    tracker.start(target);

    target.dispatchEvent(new Event('mousemove'));
    expect(sent).toEqual([]); // the connection itself counted as online
    vi.advanceTimersByTime(MOUSE_THROTTLE_MS);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keydown'));
    expect(sent).toEqual(['online']);

    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    expect(sent).toEqual(['online']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['online', 'idle']);

    target.dispatchEvent(new Event('touchstart'));
    expect(sent).toEqual(['online', 'idle', 'online']);
    tracker.stop();
  });
});
