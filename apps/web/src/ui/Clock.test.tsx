import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Clock, clockLevel, formatClock } from './Clock.tsx';

const playSound = vi.hoisted(() => vi.fn());
vi.mock('./sound.ts', () => ({ playSound }));

/** The clock loads the tones when a sound is due: let that import settle. */
const settleSound = () =>
  act(async () => {
    await import('./sound.ts');
    await Promise.resolve();
  });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  playSound.mockReset();
});

describe('formatClock', () => {
  test.each([
    [180_000, '3:00'],
    [179_999, '2:59'],
    [61_000, '1:01'],
    [9_500, '0:09'],
    [999, '0:00'],
    [0, '0:00'],
    [-5_000, '0:00'],
    [600_000, '10:00'],
    [1_800_000, '30:00'],
  ])('%i ms shows %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('clockLevel', () => {
  test('warning under 15 s, low time at 10% of the initial time', () => {
    expect(clockLevel(15_000, 180_000)).toEqual({ warning: false, low: true });
    expect(clockLevel(14_999, 600_000)).toEqual({ warning: true, low: true });
    expect(clockLevel(14_999, 100_000)).toEqual({ warning: true, low: false });
    expect(clockLevel(60_001, 600_000)).toEqual({ warning: false, low: false });
    expect(clockLevel(60_000, 600_000)).toEqual({ warning: false, low: true });
    expect(clockLevel(18_001, 180_000)).toEqual({ warning: false, low: false });
  });
});

describe('Clock', () => {
  function ticking(startMs: number, initialMs = 180_000, sound = true) {
    vi.useFakeTimers();
    const t0 = Date.now();
    const remaining = () => startMs - (Date.now() - t0);
    render(<Clock label="White clock" remaining={remaining} running initialMs={initialMs} sound={sound} />);
    return screen.getByRole('timer', { name: 'White clock' });
  }

  test('ticks down while running and takes the warning style under 15 s', () => {
    const clock = ticking(16_500, 100_000);
    expect(clock.textContent).toBe('0:16');
    expect(clock.className).not.toContain('clock-warning');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(clock.textContent).toBe('0:15');
    act(() => void vi.advanceTimersByTime(600));
    expect(clock.textContent).toBe('0:14');
    expect(clock.className).toContain('clock-warning');
    expect(clock.className).not.toContain('clock-low');
  });

  test('crossing 10% of the initial time highlights it and beeps once', async () => {
    const clock = ticking(18_500, 180_000);
    expect(clock.className).not.toContain('clock-low');
    act(() => void vi.advanceTimersByTime(600));
    expect(clock.className).toContain('clock-low');
    await settleSound();
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(playSound).toHaveBeenCalledWith('lowTime');
    act(() => void vi.advanceTimersByTime(5_000));
    await settleSound();
    expect(playSound).toHaveBeenCalledTimes(1);
  });

  test('no beep for a clock already low when shown, or for another player', async () => {
    ticking(10_000, 180_000);
    act(() => void vi.advanceTimersByTime(2_000));
    await settleSound();
    expect(playSound).not.toHaveBeenCalled();
    cleanup();
    ticking(18_500, 180_000, false);
    act(() => void vi.advanceTimersByTime(1_000));
    await settleSound();
    expect(playSound).not.toHaveBeenCalled();
  });

  test('a stopped clock does not tick', () => {
    vi.useFakeTimers();
    const remaining = vi.fn(() => 42_000);
    render(<Clock label="Black clock" remaining={remaining} running={false} initialMs={180_000} />);
    const calls = remaining.mock.calls.length;
    act(() => void vi.advanceTimersByTime(5_000));
    expect(remaining.mock.calls.length).toBe(calls);
    expect(screen.getByRole('timer', { name: 'Black clock' }).textContent).toBe('0:42');
  });
});
