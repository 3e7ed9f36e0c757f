/**
 * Issue 33: how many sockets one user may hold at once. A person's tabs and windows share one
 * session (SPEC 4 single session closes the others), and each tab holds one socket: 10 is more
 * tabs of this product than anyone keeps open, and it caps what one account can make the
 * servers hold (the probe opened 60). The newest socket always wins: the one beyond the
 * bound is the oldest, which is usually a forgotten tab, and a new page never fails to connect.
 */
export const DEFAULT_SOCKETS_PER_USER = 10;

/** The sockets to close, oldest first, when `openOldestFirst` (including the new one) exceeds `max`. */
export function beyondBound<T>(openOldestFirst: readonly T[], max: number): T[] {
  return openOldestFirst.slice(0, Math.max(0, openOldestFirst.length - max));
}
