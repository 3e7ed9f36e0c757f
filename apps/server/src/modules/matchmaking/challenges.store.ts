import { and, asc, eq, gt, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { challenges } from './schema.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallenge = typeof challenges.$inferInsert;

/** Direct challenges; every status change is a guarded update (only from `pending`). */
export class ChallengeStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: NewChallenge): Promise<ChallengeRow> {
    const [r] = await this.db.insert(challenges).values(row).returning();
    return r!;
  }

  async find(id: string): Promise<ChallengeRow | null> {
    const [r] = await this.db.select().from(challenges).where(eq(challenges.id, id));
    return r ?? null;
  }

  async pendingOf(uid: string, now: Date): Promise<ChallengeRow[]> {
    return this.db
      .select()
      .from(challenges)
      .where(
        and(
          eq(challenges.status, 'pending'),
          gt(challenges.expiresAt, now),
          or(eq(challenges.toUid, uid), eq(challenges.fromUid, uid)),
        ),
      )
      .orderBy(asc(challenges.createdAt));
  }

  /** From pending to `status`, only by the given side ('to' answers, 'from' cancels). */
  async close(
    id: string,
    status: 'accepted' | 'declined' | 'cancelled',
    by?: { side: 'to' | 'from'; uid: string },
  ): Promise<ChallengeRow | null> {
    const who = by ? eq(by.side === 'to' ? challenges.toUid : challenges.fromUid, by.uid) : undefined;
    const [r] = await this.db
      .update(challenges)
      .set({ status })
      .where(and(eq(challenges.id, id), eq(challenges.status, 'pending'), who))
      .returning();
    return r ?? null;
  }

  async expire(now: Date): Promise<ChallengeRow[]> {
    return this.db
      .update(challenges)
      .set({ status: 'expired' })
      .where(and(eq(challenges.status, 'pending'), lte(challenges.expiresAt, now)))
      .returning();
  }
}
