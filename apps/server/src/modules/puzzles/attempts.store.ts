import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { insertOne, lockOwned } from '../../platform/db/rows.ts';
import { puzzleAttempts } from './schema.ts';

export type AttemptRecord = typeof puzzleAttempts.$inferSelect;

/** Attempts: one user's try at one puzzle. */
export class AttemptStore {
  constructor(private readonly db: DbOrTx) {}

  insert(row: typeof puzzleAttempts.$inferInsert): Promise<AttemptRecord> {
    return insertOne(this.db, puzzleAttempts, row);
  }

  /** The user's attempt, locked (moves on one attempt are judged one at a time). */
  lockOwn(uid: string, id: string): Promise<AttemptRecord | null> {
    return lockOwned(this.db, puzzleAttempts, uid, id);
  }

  async bySeq(uid: string, contextId: string, seq: number): Promise<AttemptRecord | null> {
    const [row] = await this.db
      .select()
      .from(puzzleAttempts)
      .where(and(eq(puzzleAttempts.uid, uid), eq(puzzleAttempts.contextId, contextId), eq(puzzleAttempts.seq, seq)));
    return row ?? null;
  }

  async update(id: string, patch: Partial<typeof puzzleAttempts.$inferInsert>): Promise<AttemptRecord> {
    const [row] = await this.db.update(puzzleAttempts).set(patch).where(eq(puzzleAttempts.id, id)).returning();
    return row!;
  }
}
