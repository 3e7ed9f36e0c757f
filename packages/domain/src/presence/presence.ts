/** SPEC 4 and 9: presence timings. */
export const ONLINE_WINDOW_MS = 180_000;
export const IDLE_AFTER_MS = 180_000;
export const MOUSE_THROTTLE_MS = 10_000;
export const ONLINE_COUNT_DEBOUNCE_MS = 1_500;

export const PRESENCE_STATES = ['online', 'idle', 'offline'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** SPEC 9: "Online counted if last_changed within 180000 ms" (and not signed off). */
export function countsAsOnline(state: PresenceState, lastChangedMs: number, nowMs: number): boolean {
  return state !== 'offline' && nowMs - lastChangedMs <= ONLINE_WINDOW_MS;
}
