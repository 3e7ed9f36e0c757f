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

/** How far a battle's start has gone: the overlay counting, lifted (the first position shows), begun (moves count). */
export type StartPhase = 'counting' | 'lifted' | 'begun';

const PHASE_ORDER: Record<StartPhase, number> = { counting: 0, lifted: 1, begun: 2 };

/** The start's phase at `now` for a battle beginning at `beginsAt`. */
export function startPhase(beginsAt: number, now: number): StartPhase {
  if (battleBegun(beginsAt, now)) return 'begun';
  return startOverlay(beginsAt, now).visible ? 'counting' : 'lifted';
}

/**
 * The start never goes back. A client's `beginsAt` is the server's time moved by a clock offset
 * it estimates again with every lobby update, so it jitters by the network's delay: a later,
 * slower estimate must not cover the board again, nor stop moves counting, once they did.
 */
export const furthestPhase = (reached: StartPhase, now: StartPhase): StartPhase =>
  PHASE_ORDER[now] > PHASE_ORDER[reached] ? now : reached;
