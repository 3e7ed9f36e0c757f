import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { authThrottle } from './schema.ts';

export interface ThrottleRule {
  /** Failures allowed inside one window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** Failed-attempt counters in the database, so every instance sees the same numbers. */
export class ThrottleStore {
  constructor(private readonly db: DbOrTx) {}

  /** The latest lock end among `keys`, if any is still locked at `now`. */
  async lockedUntil(keys: string[], now: Date): Promise<Date | null> {
    if (keys.length === 0) return null;
    const rows = await this.db
      .select({ lockedUntil: authThrottle.lockedUntil })
      .from(authThrottle)
      .where(inArray(authThrottle.key, keys));
    let latest: Date | null = null;
    for (const r of rows) {
      if (r.lockedUntil && r.lockedUntil > now && (!latest || r.lockedUntil > latest)) latest = r.lockedUntil;
    }
    return latest;
  }

  /**
   * Counts one failure on `key` in a single atomic upsert: a window older than `windowMs`
   * restarts at 1, and reaching `maxFailures` sets the lock. Concurrent failures on one key
   * serialise on its row, so none is lost.
   */
  async recordFailure(key: string, rule: ThrottleRule, now: Date): Promise<void> {
    const windowFloor = new Date(now.getTime() - rule.windowMs);
    const lockEnd = new Date(now.getTime() + rule.lockMs);
    const stale = sql`${authThrottle.windowStart} <= ${windowFloor.toISOString()}::timestamptz`;
    const next = sql`(CASE WHEN ${stale} THEN 1 ELSE ${authThrottle.failures} + 1 END)`;
    await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: now, lockedUntil: rule.maxFailures <= 1 ? lockEnd : null })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: next,
          windowStart: sql`(CASE WHEN ${stale} THEN ${now.toISOString()}::timestamptz ELSE ${authThrottle.windowStart} END)`,
          lockedUntil: sql`(CASE WHEN ${next} >= ${rule.maxFailures} THEN ${lockEnd.toISOString()}::timestamptz ELSE ${authThrottle.lockedUntil} END)`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(authThrottle).where(inArray(authThrottle.key, [key]));
  }

  /** Deletes every counter whose key starts with `prefix`. */
  async clearPrefix(prefix: string): Promise<void> {
    await this.db.delete(authThrottle).where(sql`left(${authThrottle.key}, ${prefix.length}) = ${prefix}`);
  }

  /** Housekeeping: counters whose window started before `before` and that hold no live lock. */
  async deleteStale(before: Date, now: Date): Promise<void> {
    await this.db
      .delete(authThrottle)
      .where(
        and(
          lt(authThrottle.windowStart, before),
          or(isNull(authThrottle.lockedUntil), lt(authThrottle.lockedUntil, now)),
        ),
      );
  }
}
