import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useBattleStart } from './useBattleStart.ts';

const T = Date.UTC(2026, 10, 27, 12);
const iso = (ms: number) => new Date(ms).toISOString();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const render = (startedAt: string, offset: number) =>
  renderHook((p: { startedAt: string; offset: number }) => useBattleStart(p.startedAt, p.offset), {
    initialProps: { startedAt, offset },
  });

describe('useBattleStart (SPEC 9: the overlay lifts 1.2 s early; moves count from the start)', () => {
  test('counts down, lifts 1.2 s before the start, then the battle begins', () => {
    vi.useFakeTimers({ now: T });
    const { result } = render(iso(T + 4_200), 0);
    expect(result.current).toEqual({ count: 3, begun: false });
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(result.current).toEqual({ count: null, begun: false });
    act(() => {
      vi.advanceTimersByTime(1_200);
    });
    expect(result.current).toEqual({ count: null, begun: true });
  });

  test('a later, slower estimate of the clock offset never brings the overlay back', () => {
    vi.useFakeTimers({ now: T });
    // The battle begins 1 s from now: the overlay has lifted.
    const { result, rerender } = render(iso(T + 1_000), 0);
    expect(result.current).toEqual({ count: null, begun: false });
    // A lobby update that travelled 500 ms: read alone, the start is 1.5 s away, under the overlay.
    rerender({ startedAt: iso(T + 1_000), offset: -500 });
    expect(result.current).toEqual({ count: null, begun: false });
    act(() => {
      vi.advanceTimersByTime(1_600);
    });
    expect(result.current).toEqual({ count: null, begun: true });
  });

  test('once begun, moves keep counting whatever the next estimate says', () => {
    vi.useFakeTimers({ now: T });
    const { result, rerender } = render(iso(T - 10), 0);
    expect(result.current.begun).toBe(true);
    rerender({ startedAt: iso(T - 10), offset: -800 });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toEqual({ count: null, begun: true });
  });

  test('a new start (another battle) counts down again', () => {
    vi.useFakeTimers({ now: T });
    const { result, rerender } = render(iso(T - 10), 0);
    expect(result.current.begun).toBe(true);
    rerender({ startedAt: iso(T + 4_200), offset: 0 });
    expect(result.current).toEqual({ count: 3, begun: false });
  });
});
