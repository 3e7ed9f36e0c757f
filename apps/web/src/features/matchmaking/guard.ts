import { MATCHMAKING } from '@rush/domain';

/**
 * SPEC 4, 9: a matchmaking call within 3 s of the previous one is ignored. The server refuses
 * such calls too (TOO_SOON); ignoring them here keeps a double click from even reaching it.
 * One clock for the whole tab: the wizard, the match screen and the challenge card share it.
 */
let lastCall = Number.NEGATIVE_INFINITY;

/** True (and the clock restarts) when a call may go now; false when it must be ignored. */
export function takeMatchCall(now = Date.now()): boolean {
  if (now - lastCall < MATCHMAKING.debounceMs) return false;
  lastCall = now;
  return true;
}

/** Tests start each case with a fresh clock. */
export function resetMatchCallGuard(): void {
  lastCall = Number.NEGATIVE_INFINITY;
}
