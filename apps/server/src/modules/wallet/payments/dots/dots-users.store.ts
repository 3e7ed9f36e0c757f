import { eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/database.ts';
import { dotsUsers } from '../../schema.ts';

export type DotsUserRecord = typeof dotsUsers.$inferSelect;

/** Which Dots user is whose: only the Dots adapter reads or writes it. */
export class DotsUserStore {
  constructor(private readonly db: DbOrTx) {}

  async find(uid: string): Promise<DotsUserRecord | null> {
    const rows = await this.db.select().from(dotsUsers).where(eq(dotsUsers.uid, uid)).limit(1);
    return rows[0] ?? null;
  }

  /** Our user behind a verified Dots user (a webhook's transfer names the Dots user). */
  async uidOf(dotsUserId: string): Promise<string | null> {
    const rows = await this.db
      .select({ uid: dotsUsers.uid })
      .from(dotsUsers)
      .where(eq(dotsUsers.dotsUserId, dotsUserId))
      .limit(1);
    return rows[0]?.uid ?? null;
  }

  /**
   * A new create-user call replaces a pending verification (the user typed another phone), but
   * never a verified link: a verified user keeps their Dots account.
   */
  async pending(uid: string, verificationId: string, at: Date): Promise<void> {
    await this.db
      .insert(dotsUsers)
      .values({ uid, verificationId, createdAt: at })
      .onConflictDoUpdate({
        target: dotsUsers.uid,
        set: { verificationId, createdAt: at },
        setWhere: isNull(dotsUsers.dotsUserId),
      });
  }

  /** Records Dots' user id for the verification it answered; false when the verification is unknown. */
  async verified(verificationId: string, dotsUserId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(dotsUsers)
      .set({ dotsUserId, verifiedAt: at })
      .where(eq(dotsUsers.verificationId, verificationId))
      .returning({ uid: dotsUsers.uid });
    return rows.length > 0;
  }
}
