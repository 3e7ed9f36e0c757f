/**
 * Growing delays for password attempts (issue 10). Instead of a hard lock, every counted
 * attempt beyond a few free ones imposes a wait before the next may be evaluated, doubling each
 * time up to a ceiling: the owner's typos cost seconds, a guesser's budget shrinks to a handful
 * of tries an hour, and nobody can lock another person out for good.
 */
export interface AttemptPolicy {
  /** Attempts evaluated back to back before any wait. */
  freeAttempts: number;
  /** The wait after the first attempt beyond the free ones; it doubles with every further one. */
  firstDelayMs: number;
  /** The ceiling of the wait. */
  maxDelayMs: number;
}

/** The wait imposed after the `attempts`-th counted attempt (1-based) before the next one. */
export function attemptDelayMs(policy: AttemptPolicy, attempts: number): number {
  if (!Number.isFinite(attempts) || attempts < policy.freeAttempts) return 0;
  const doublings = attempts - policy.freeAttempts;
  // 2^31 ms is weeks: past that the ceiling has long been reached (and the power would overflow).
  if (doublings >= 31) return policy.maxDelayMs;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

/**
 * The attempt count from which the wait stays at its ceiling: a store keeps the schedule as a
 * table of this many entries (and the ceiling beyond).
 */
export function attemptScheduleLength(policy: AttemptPolicy): number {
  let n = 1;
  while (attemptDelayMs(policy, n) < policy.maxDelayMs) n += 1;
  return n;
}

/** "45 seconds", "1 minute", "15 minutes": a wait as people read it, rounded up. */
export function formatRetryWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** One mail of a kind (verification, password reset) per account a minute at most. */
export const MAIL_SPACING_MS = 60_000;

/** How long until the next mail of a kind may go, the last one sent at `lastSentAt` (0: now). */
export function mailWaitMs(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  return Math.max(0, lastSentAt.getTime() + MAIL_SPACING_MS - now.getTime());
}
