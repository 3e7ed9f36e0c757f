import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { insertOne, lockOwned } from '../../platform/db/rows.ts';
import type { AttemptRecord } from './attempts.store.ts';
import { puzzleAttempts, soloBest, soloRuns } from './schema.ts';

export type SoloRun = typeof soloRuns.$inferSelect;

/** Solo Puzzle Rush runs, their attempts (context 'solo', contextId = run id) and best scores. */
export class SoloStore {
  constructor(private readonly db: DbOrTx) {}

  insert(row: typeof soloRuns.$inferInsert): Promise<SoloRun> {
    return insertOne(this.db, soloRuns, row);
  }

  /** The user's run, locked: every call on a run changes it in one transaction at a time. */
  lockOwn(uid: string, id: string): Promise<SoloRun | null> {
    return lockOwned(this.db, soloRuns, uid, id);
  }

  async lockById(id: string): Promise<SoloRun | null> {
    const [run] = await this.db.select().from(soloRuns).where(eq(soloRuns.id, id)).for('update');
    return run ?? null;
  }

  /** The user's run that is not finished (at most one, by a partial unique index). */
  async openOf(uid: string, lock = false): Promise<SoloRun | null> {
    const q = this.db
      .select()
      .from(soloRuns)
      .where(and(eq(soloRuns.uid, uid), ne(soloRuns.status, 'finished')));
    const [run] = lock ? await q.for('update') : await q;
    return run ?? null;
  }

  async update(id: string, patch: Partial<typeof soloRuns.$inferInsert>): Promise<SoloRun> {
    const [run] = await this.db.update(soloRuns).set(patch).where(eq(soloRuns.id, id)).returning();
    return run!;
  }

  /** Runs whose 180 s are over but that are not finished yet (the sweep's work). */
  async overdue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: soloRuns.id })
      .from(soloRuns)
      .where(and(eq(soloRuns.status, 'running'), lte(soloRuns.endsAt, now)))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The run's attempts from `seq` on, in order (the current puzzle and the batch ahead). */
  async attemptsFrom(uid: string, runId: string, seq: number): Promise<AttemptRecord[]> {
    return this.db
      .select()
      .from(puzzleAttempts)
      .where(and(eq(puzzleAttempts.uid, uid), eq(puzzleAttempts.contextId, runId), gte(puzzleAttempts.seq, seq)))
      .orderBy(asc(puzzleAttempts.seq));
  }

  /** Every puzzle the run has used (not picked again in the same run). */
  async puzzleIds(uid: string, runId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: puzzleAttempts.puzzleId })
      .from(puzzleAttempts)
      .where(and(eq(puzzleAttempts.uid, uid), eq(puzzleAttempts.contextId, runId)));
    return rows.map((r) => r.id);
  }

  /** Keeps the higher of the stored best and this run's score. */
  async keepBest(uid: string, runId: string, score: number, at: Date): Promise<void> {
    await this.db
      .insert(soloBest)
      .values({ uid, score, runId, at })
      .onConflictDoUpdate({
        target: soloBest.uid,
        set: { score, runId, at },
        setWhere: sql`${soloBest.score} < ${score}`,
      });
  }

  async bestOf(uid: string): Promise<number> {
    const [row] = await this.db.select({ score: soloBest.score }).from(soloBest).where(eq(soloBest.uid, uid));
    return row?.score ?? 0;
  }
}
