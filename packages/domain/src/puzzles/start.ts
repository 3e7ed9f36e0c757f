/**
 * The battle's start (SPEC 9 "Start overlay ends 1.2 s early"). Pressing Start (or the auto
 * start) begins a countdown; the puzzles and the battle clock begin when it ends. A start
 * overlay counts down over the board and lifts 1.2 s before the start, so the first position
 * shows, and its opening move is auto-played 1 s after it appears (SPEC 7), before the clock
 * runs and moves count. The overlay's own length is ours (the SPEC gives none).
 */
export const BATTLE_START = {
  /** How long the overlay shows its count ("3", "2", "1"). */
  overlayMs: 3_000,
  /** SPEC 9: the overlay ends this long before the battle starts. */
  overlayEarlyMs: 1_200,
} as const;

/** From Start pressed to the battle clock running. */
export const BATTLE_COUNTDOWN_MS = BATTLE_START.overlayMs + BATTLE_START.overlayEarlyMs;

/** When the battle begins, for a start pressed at `pressedAt` (ms since the epoch). */
export const battleBeginsAt = (pressedAt: number): number => pressedAt + BATTLE_COUNTDOWN_MS;

export interface StartOverlayState {
  /** Whether the overlay covers the board now. */
  visible: boolean;
  /** The count it shows (whole seconds until it lifts, at least 1 while visible; 0 once lifted). */
  count: number;
  /** Ms until the overlay lifts (0 once lifted): when to look again. */
  liftsInMs: number;
}

/** The start overlay at `now` for a battle beginning at `beginsAt` (both ms since the epoch). */
export function startOverlay(beginsAt: number, now: number): StartOverlayState {
  const liftsAt = beginsAt - BATTLE_START.overlayEarlyMs;
  const left = liftsAt - now;
  if (!Number.isFinite(left) || left <= 0) return { visible: false, count: 0, liftsInMs: 0 };
  return { visible: true, count: Math.ceil(left / 1000), liftsInMs: left };
}

/** Whether moves count yet: the battle has begun (the clock runs). */
export const battleBegun = (beginsAt: number, now: number): boolean => now >= beginsAt;
