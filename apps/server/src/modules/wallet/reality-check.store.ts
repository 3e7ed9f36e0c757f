import { eq } from 'drizzle-orm';
import type { RealityCheckRecord } from '@rush/domain';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import { realityChecks } from './responsible-gaming.schema.ts';

/** Issue 37: the one row per player behind the reality checks (domain `reality-check.ts`). */
export class RealityCheckStore {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The player's row, locked for the rest of the transaction, made first when there is none (two
   * tabs seen at once: one makes it, the other waits on the lock and reads it).
   */
  async lock(tx: Tx, uid: string, now: Date): Promise<{ record: RealityCheckRecord; fresh: boolean }> {
    const made = await tx
      .insert(realityChecks)
      .values({ uid, sessionStartedAt: now, lastSeenAt: now, acknowledgedAt: null })
      .onConflictDoNothing()
      .returning({ uid: realityChecks.uid });
    const rows = await tx.select().from(realityChecks).where(eq(realityChecks.uid, uid)).for('update');
    const row = rows[0];
    if (!row) throw new Error(`reality check row of ${uid} vanished`);
    return {
      record: {
        sessionStartedAt: row.sessionStartedAt,
        lastSeenAt: row.lastSeenAt,
        acknowledgedAt: row.acknowledgedAt,
      },
      fresh: made.length > 0,
    };
  }

  async save(tx: Tx, uid: string, record: RealityCheckRecord): Promise<void> {
    await tx.update(realityChecks).set(record).where(eq(realityChecks.uid, uid));
  }

  /** Journeys' seeding: a row as a session of `record` leaves it. */
  async put(uid: string, record: RealityCheckRecord): Promise<void> {
    await this.db
      .insert(realityChecks)
      .values({ uid, ...record })
      .onConflictDoUpdate({ target: realityChecks.uid, set: record });
  }
}
