/**
 * Issue 37: reality checks. Every so often (the player's interval) a player who is playing is
 * shown how long this session has lasted and what their games did to each balance.
 *
 * What a session is (the decision): a stretch of time in which the player has the app open
 * without a long gap. The app reports the player as seen while any of their tabs is open (it
 * asks for the check's state about once a minute); a player seen after SESSION_GAP_MS or more
 * without being seen, or seen for the first time, starts a new session there. So signing in
 * after a break starts a session, and a reload or a second tab does not. Time played is the
 * time from the session's start to now: the time spent with the app open, between games too,
 * which is the figure a player losing track of time needs (not only the minutes on a clock).
 *
 * When a check is due: once the interval has passed since the later of the session's start and
 * the last acknowledged check, and never while the player is in a live game or a matchmaking
 * queue (it waits for the game to end: never mid-move). Each check is named by the time it fell
 * due (`nextCheckAt`), so two tabs acknowledging the same check make one acknowledgement.
 */

const MINUTE = 60_000;

/** The intervals a player may choose, in minutes; 0 is off. */
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 60] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS)[number];

/** New accounts, and accounts from before the setting existed, get a check every hour. */
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckInterval = 60;

/** Away this long (no tab open) and the next visit starts a new session. */
export const SESSION_GAP_MS = 30 * MINUTE;

export const isRealityCheckInterval = (n: unknown): n is RealityCheckInterval =>
  REALITY_CHECK_INTERVALS.includes(n as RealityCheckInterval);

/** A stored setting read back: anything but a known interval (none stored yet) is the default. */
export const realityCheckMinutesOf = (stored: unknown): RealityCheckInterval =>
  isRealityCheckInterval(stored) ? stored : DEFAULT_REALITY_CHECK_MINUTES;

/** The chooser's words for an interval ("Off", "Every 15 minutes"). */
export const realityCheckIntervalLabel = (m: RealityCheckInterval): string => (m === 0 ? 'Off' : `Every ${m} minutes`);

/** What is kept per player (server side, so it survives reloads and holds across tabs). */
export interface RealityCheckRecord {
  sessionStartedAt: Date;
  lastSeenAt: Date;
  /** The last check the player answered (Continue, Set a limit, Take a break), in this session or before. */
  acknowledgedAt: Date | null;
}

/** The record once the player is seen at `now`: the same session, or a new one after a gap. */
export function seenAt(record: RealityCheckRecord | null, now: Date): RealityCheckRecord {
  if (!record || now.getTime() - record.lastSeenAt.getTime() >= SESSION_GAP_MS) {
    return { sessionStartedAt: now, lastSeenAt: now, acknowledgedAt: record?.acknowledgedAt ?? null };
  }
  // A clock read out of order (another instance's) never moves the last sighting back.
  const lastSeenAt = now > record.lastSeenAt ? now : record.lastSeenAt;
  return { ...record, lastSeenAt };
}

/** Milliseconds played this session at `now` (never negative). */
export const timePlayedMs = (record: RealityCheckRecord, now: Date): number =>
  Math.max(0, now.getTime() - record.sessionStartedAt.getTime());

/**
 * When the next check falls due: one interval after the later of the session's start and the last
 * acknowledgement (one from an earlier session does not count). Null when checks are off.
 */
export function nextCheckAt(record: RealityCheckRecord, interval: RealityCheckInterval): Date | null {
  if (interval === 0) return null;
  const ack = record.acknowledgedAt;
  const from = ack && ack > record.sessionStartedAt ? ack : record.sessionStartedAt;
  return new Date(from.getTime() + interval * MINUTE);
}

export interface DueInput {
  record: RealityCheckRecord;
  interval: RealityCheckInterval;
  now: Date;
  /** In a live game or a matchmaking queue: the check waits for it to end. */
  busy: boolean;
}

/** Whether the check is to be shown now. */
export function realityCheckDue({ record, interval, now, busy }: DueInput): boolean {
  const at = nextCheckAt(record, interval);
  return !busy && at !== null && now >= at;
}

/**
 * The record after the check named `dueAt` is answered at `now`. Only the check that is due now
 * counts: another tab's answer to it already moved `nextCheckAt`, so a second answer to the
 * same check (or to one not due yet) changes nothing (`applied` false).
 */
export function acknowledgeCheck(
  record: RealityCheckRecord,
  interval: RealityCheckInterval,
  dueAt: Date,
  now: Date,
): { record: RealityCheckRecord; applied: boolean } {
  const at = nextCheckAt(record, interval);
  if (at === null || at.getTime() !== dueAt.getTime() || now < at) return { record, applied: false };
  return { record: { ...record, acknowledgedAt: now }, applied: true };
}

/** Time played in words, whole minutes: "45 minutes", "1 hour", "2 hours 5 minutes". */
export function playedText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (h === 0) return part(m, 'minute');
  return m === 0 ? part(h, 'hour') : `${part(h, 'hour')} ${part(m, 'minute')}`;
}
