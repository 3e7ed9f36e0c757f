import { memo, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import './clock.css';

/** SPEC 9: the clock turns to its warning style under 15 s. */
export const CLOCK_WARNING_MS = 15_000;
/** SPEC 9: low-time highlight (with a sound) at 10% of the initial time. */
export const LOW_TIME_FRACTION = 0.1;
const TICK_MS = 100;

/** Minutes:seconds of a remaining time ("3:00", "0:09"); never negative. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

export interface ClockLevel {
  warning: boolean;
  low: boolean;
}

export function clockLevel(ms: number, initialMs: number): ClockLevel {
  return { warning: ms < CLOCK_WARNING_MS, low: initialMs > 0 && ms <= initialMs * LOW_TIME_FRACTION };
}

interface ClockProps {
  /** Accessible name ("White clock"). */
  label: string;
  /** The remaining time now, in ms: called on every tick, so it may read the time itself. */
  remaining: () => number;
  /** Ticks only while running. */
  running: boolean;
  initialMs: number;
  /** Beep when this clock crosses into low time (the viewer's own clock). */
  sound?: boolean;
  className?: string;
}

/**
 * A ticking clock. It reads `remaining()` every 100 ms through an external-store subscription and
 * renders only when what it shows changes (about once a second), and only itself: the board and
 * everything else around it never re-render for a tick.
 */
function ClockImpl({ label, remaining, running, initialMs, sound = false, className }: ClockProps) {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!running) return () => {};
      const timer = setInterval(notify, TICK_MS);
      return () => clearInterval(timer);
    },
    [running],
  );
  const snapshot = () => {
    const ms = remaining();
    const level = clockLevel(ms, initialMs);
    return `${formatClock(ms)}|${level.warning ? 'w' : ''}|${level.low ? 'l' : ''}`;
  };
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [text = '', warning, low] = key.split('|');
  const isLow = low === 'l';

  const wasLow = useRef(isLow);
  useEffect(() => {
    if (isLow && !wasLow.current && running && sound) {
      // The tones load when first due, not with the page; a failed load is silent (SPEC 8).
      import('./sound.ts').then(
        (m) => m.playSound('lowTime'),
        () => {},
      );
    }
    wasLow.current = isLow;
  }, [isLow, running, sound]);

  const classes = [
    'clock',
    running ? 'clock-running' : null,
    warning === 'w' ? 'clock-warning' : null,
    isLow ? 'clock-low' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role="timer" aria-label={label} data-testid={`clock-${label}`}>
      <span className="clock-time">{text}</span>
    </div>
  );
}

export const Clock = memo(ClockImpl);
