import { and, desc, eq, gt, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { gameInvitations } from './schema.ts';

export type InvitationRecord = typeof gameInvitations.$inferSelect;
export type InvitationStatus = InvitationRecord['status'];

/** Friendly-game invitations. */
export class InvitationStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(inv: typeof gameInvitations.$inferInsert): Promise<InvitationRecord> {
    const [row] = await this.db.insert(gameInvitations).values(inv).returning();
    return row!;
  }

  async lock(id: string): Promise<InvitationRecord | null> {
    const [row] = await this.db.select().from(gameInvitations).where(eq(gameInvitations.id, id)).for('update');
    return row ?? null;
  }

  async setStatus(id: string, status: InvitationStatus, gameId: string | null = null): Promise<InvitationRecord> {
    const [row] = await this.db
      .update(gameInvitations)
      .set({ status, gameId })
      .where(eq(gameInvitations.id, id))
      .returning();
    return row!;
  }

  /** Pending and unexpired invitations to or from the user, newest first. */
  async pendingOf(uid: string, now: Date): Promise<InvitationRecord[]> {
    return this.db
      .select()
      .from(gameInvitations)
      .where(
        and(
          eq(gameInvitations.status, 'pending'),
          gt(gameInvitations.expiresAt, now),
          or(eq(gameInvitations.toId, uid), eq(gameInvitations.fromId, uid)),
        ),
      )
      .orderBy(desc(gameInvitations.createdAt))
      .limit(50);
  }

  /** Marks overdue pending invitations expired; returns them so both sides can be told. */
  async expire(now: Date): Promise<InvitationRecord[]> {
    return this.db
      .update(gameInvitations)
      .set({ status: 'expired' })
      .where(and(eq(gameInvitations.status, 'pending'), lte(gameInvitations.expiresAt, now)))
      .returning();
  }
}
