import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/database.ts';
import { fairplayJobs } from './schema.ts';

export type FairplayJob = typeof fairplayJobs.$inferSelect;

/** Staked games first, then rated games, then analyses a player asked for. */
export const PRIORITY = { staked: 0, rated: 1, asked: 2 } as const;

/** The analysis queue's SQL (issue 14): enqueue once, lease with SKIP LOCKED, finish under the lease. */
export class JobStore {
  constructor(private readonly db: DbOrTx) {}

  /** Once per game (a second enqueue changes nothing); true when this call queued it. */
  async enqueue(gameId: string, priority: number, gate: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(fairplayJobs)
      .values({ gameId, priority, gate, state: 'queued', runAfter: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: fairplayJobs.gameId })
      .returning({ gameId: fairplayJobs.gameId });
    return rows.length > 0;
  }

  async find(gameId: string): Promise<FairplayJob | null> {
    const [row] = await this.db.select().from(fairplayJobs).where(eq(fairplayJobs.gameId, gameId));
    return row ?? null;
  }

  /**
   * The best job nobody holds (queued and due, or running under a lease that ran out: its worker
   * died), leased to `owner` until `until`. Rows another worker is leasing right now are skipped.
   */
  async lease(owner: string, now: Date, until: Date): Promise<FairplayJob | null> {
    const result = await this.db.execute(sql`
      UPDATE fairplay_jobs SET state = 'running', lease_owner = ${owner}, lease_until = ${until.toISOString()}::timestamptz,
        attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      WHERE game_id = (
        SELECT game_id FROM fairplay_jobs
        WHERE (state = 'queued' AND run_after <= ${now.toISOString()}::timestamptz) OR (state = 'running' AND lease_until < ${now.toISOString()}::timestamptz)
        ORDER BY priority, created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING game_id`);
    const [row] = rowsOf<{ game_id: string }>(result);
    return row ? this.find(row.game_id) : null;
  }

  /** Extends the lease while the worker still holds it; false when it lost it (another took over). */
  async renew(gameId: string, owner: string, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(fairplayJobs)
      .set({ leaseUntil: until })
      .where(
        and(eq(fairplayJobs.gameId, gameId), eq(fairplayJobs.leaseOwner, owner), eq(fairplayJobs.state, 'running')),
      )
      .returning({ gameId: fairplayJobs.gameId });
    return rows.length > 0;
  }

  /** Done, under the caller's lease (false: the lease was lost and another worker owns the job). */
  async complete(gameId: string, owner: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(fairplayJobs)
      .set({ state: 'done', leaseOwner: null, leaseUntil: null, error: null, updatedAt: now })
      .where(
        and(eq(fairplayJobs.gameId, gameId), eq(fairplayJobs.leaseOwner, owner), eq(fairplayJobs.state, 'running')),
      )
      .returning({ gameId: fairplayJobs.gameId });
    return rows.length > 0;
  }

  /** A failed try: queued again after `retryAt`, or failed for good. */
  async fail(gameId: string, owner: string, error: string, now: Date, retryAt: Date | null): Promise<boolean> {
    const rows = await this.db
      .update(fairplayJobs)
      .set(
        retryAt
          ? { state: 'queued', leaseOwner: null, leaseUntil: null, error, runAfter: retryAt, updatedAt: now }
          : { state: 'failed', leaseOwner: null, leaseUntil: null, error, updatedAt: now },
      )
      .where(
        and(eq(fairplayJobs.gameId, gameId), eq(fairplayJobs.leaseOwner, owner), eq(fairplayJobs.state, 'running')),
      )
      .returning({ gameId: fairplayJobs.gameId });
    return rows.length > 0;
  }

  /** A shutdown gives its job back at once (not counted as a try). */
  async release(gameId: string, owner: string, now: Date): Promise<void> {
    await this.db
      .update(fairplayJobs)
      .set({
        state: 'queued',
        leaseOwner: null,
        leaseUntil: null,
        attempts: sql`greatest(${fairplayJobs.attempts} - 1, 0)`,
        updatedAt: now,
      })
      .where(
        and(eq(fairplayJobs.gameId, gameId), eq(fairplayJobs.leaseOwner, owner), eq(fairplayJobs.state, 'running')),
      );
  }

  /** Whether any job could be leased now: a plain read, so an idle worker opens no transaction. */
  async anyDue(now: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT 1 FROM fairplay_jobs
      WHERE (state = 'queued' AND run_after <= ${now.toISOString()}::timestamptz) OR (state = 'running' AND lease_until < ${now.toISOString()}::timestamptz)
      LIMIT 1`);
    return rowsOf(result).length > 0;
  }
}
