import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { attemptDelayMs, attemptScheduleLength, type AttemptPolicy } from '@rush/domain';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { authThrottle } from './schema.ts';

export interface ThrottleRule {
  /** Failures allowed inside one window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** One counter to reserve an attempt on, and the growing-delay schedule it follows. */
export interface AttemptKey {
  key: string;
  policy: AttemptPolicy;
}

export type Reservation =
  /** Counted on every key; `counts` holds each key's attempt number (this one included). */
  | { allowed: true; counts: Record<string, number> }
  /** Counted on none: some key is still waiting for `retryAfterMs`. */
  | { allowed: false; retryAfterMs: number };

/** Thrown inside the reservation's transaction to undo the keys already counted. */
class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('attempt refused');
  }
}

/**
 * Failed-attempt counters in the database, so every instance sees the same numbers.
 *
 * Two kinds of rows share the table. `take`/`lockedUntil` keep a fixed window and a lock
 * (social and report limits). `reserve` keeps growing delays for password checks: there
 * `failures` counts the attempts, `window_start` is the last counted attempt (a row idle for
 * `forgetAfterMs` starts over) and `locked_until` is when the next attempt may be evaluated.
 */
export class ThrottleStore {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Counts one attempt on every key BEFORE the password is checked, or on none. Each key is one
   * `INSERT ... ON CONFLICT DO UPDATE ... WHERE not waiting ... RETURNING`: the row lock makes
   * concurrent attempts on a key take numbers one after another, and an attempt that finds the
   * key waiting updates nothing and is refused. The keys are taken in sorted order inside one
   * transaction (no deadlock between requests sharing keys), and a refusal on any key undoes
   * the others, so refused attempts cost the caller nothing and count nowhere.
   */
  async reserve(keys: AttemptKey[], now: Date, forgetAfterMs: number): Promise<Reservation> {
    const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      const counts = await (this.db as Db).transaction(async (tx) => {
        const out: Record<string, number> = {};
        for (const k of sorted) out[k.key] = await reserveOne(tx, k, now, forgetAfterMs);
        return out;
      });
      return { allowed: true, counts };
    } catch (e) {
      if (e instanceof Refused) return { allowed: false, retryAfterMs: e.retryAfterMs };
      throw e;
    }
  }

  /** Gives one reserved attempt back (a success must not count against a shared address). */
  async release(key: string): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({ failures: sql`GREATEST(${authThrottle.failures} - 1, 0)` })
      .where(eq(authThrottle.key, key));
  }

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
   * Counts one attempt on `key` BEFORE the work it guards, in one atomic upsert, and answers
   * whether it may go ahead. A key that is locked counts nothing and is refused; otherwise the
   * attempt is counted (a window older than `windowMs`, or a lock that has run out, restarts at
   * 1) and reaching `maxFailures` locks the key for what follows. Concurrent attempts serialise
   * on the key's row, so parallel requests cannot all pass a check made before any was counted.
   */
  async take(key: string, rule: ThrottleRule, now: Date): Promise<boolean> {
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const lockEnd = sql`${new Date(now.getTime() + rule.lockMs).toISOString()}::timestamptz`;
    const windowFloor = new Date(now.getTime() - rule.windowMs);
    const restart = sql`(${authThrottle.windowStart} <= ${windowFloor.toISOString()}::timestamptz OR ${authThrottle.lockedUntil} IS NOT NULL)`;
    const next = sql`(CASE WHEN ${restart} THEN 1 ELSE ${authThrottle.failures} + 1 END)`;
    const rows = await this.db
      .insert(authThrottle)
      .values({
        key,
        failures: 1,
        windowStart: now,
        lockedUntil: rule.maxFailures <= 1 ? new Date(now.getTime() + rule.lockMs) : null,
      })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: next,
          windowStart: sql`(CASE WHEN ${restart} THEN ${nowSql} ELSE ${authThrottle.windowStart} END)`,
          lockedUntil: sql`(CASE WHEN ${next} >= ${rule.maxFailures} THEN ${lockEnd} ELSE NULL END)`,
        },
        // A key still locked is not touched: the attempt is refused and counts nothing.
        setWhere: sql`${authThrottle.lockedUntil} IS NULL OR ${authThrottle.lockedUntil} <= ${nowSql}`,
      })
      .returning({ key: authThrottle.key });
    return rows.length > 0;
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

const ms = (n: number) => sql.raw(String(Math.max(0, Math.round(n))));

/**
 * The wait after attempt number `count` (an SQL expression), from the domain's schedule: the
 * table of its first entries, then the ceiling. Numbers only, so `sql.raw` is safe here.
 */
function delayAfter(policy: AttemptPolicy, count: ReturnType<typeof sql>) {
  if (policy.maxDelayMs <= 0) return sql`0::bigint`;
  const length = attemptScheduleLength(policy);
  const table = Array.from({ length }, (_, i) => Math.round(attemptDelayMs(policy, i + 1)));
  return sql`COALESCE((ARRAY[${sql.raw(table.join(','))}]::bigint[])[${count}], ${ms(policy.maxDelayMs)}::bigint)`;
}

async function reserveOne(tx: DbOrTx, k: AttemptKey, now: Date, forgetAfterMs: number): Promise<number> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const forgotten = sql`${authThrottle.windowStart} <= ${new Date(now.getTime() - forgetAfterMs).toISOString()}::timestamptz`;
  // Capped so a counter hammered for years cannot overflow the integer column.
  const next = sql`(CASE WHEN ${forgotten} THEN 1 ELSE LEAST(${authThrottle.failures} + 1, 1000000) END)`;
  const wait = (count: ReturnType<typeof sql>) => {
    const d = delayAfter(k.policy, count);
    return sql`(CASE WHEN ${d} > 0 THEN ${nowSql} + (${d} * interval '1 millisecond') ELSE NULL END)`;
  };
  const firstWait = attemptDelayMs(k.policy, 1);
  const rows = await tx
    .insert(authThrottle)
    .values({
      key: k.key,
      failures: 1,
      windowStart: now,
      lockedUntil: firstWait > 0 ? new Date(now.getTime() + firstWait) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: { failures: next, windowStart: now, lockedUntil: wait(next) },
      setWhere: sql`${authThrottle.lockedUntil} IS NULL OR ${authThrottle.lockedUntil} <= ${nowSql}`,
    })
    .returning({ failures: authThrottle.failures });
  if (rows[0]) return rows[0].failures;
  const held = await tx
    .select({ lockedUntil: authThrottle.lockedUntil })
    .from(authThrottle)
    .where(eq(authThrottle.key, k.key));
  const until = held[0]?.lockedUntil;
  throw new Refused(until ? Math.max(1, until.getTime() - now.getTime()) : 1);
}
