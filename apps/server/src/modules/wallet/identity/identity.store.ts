import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { SQLSTATE, sqlErrorOf } from '../../../platform/db/sql-errors.ts';
import { identityProfiles, type IdentityStatus } from '../schema.ts';

export type IdentityRow = typeof identityProfiles.$inferSelect;

/** Statuses from which a profile may be submitted (again). */
const SUBMITTABLE: IdentityStatus[] = ['open', 'minor'];

export type ClaimResult = 'claimed' | 'duplicate' | 'busy';

/** SQL of the identity rows (one per user). */
export class IdentityStore {
  constructor(private readonly db: DbOrTx) {}

  async find(userId: string): Promise<IdentityRow | null> {
    const [row] = await this.db.select().from(identityProfiles).where(eq(identityProfiles.userId, userId));
    return row ?? null;
  }

  /**
   * Takes the identity key for this user and marks the profile `processing` (or `status`). One
   * statement: the unique index on the hash decides between two accounts of the same person
   * submitting at once (the second waits for the first's commit, then violates it), so exactly
   * one claims it. A row being processed (not stale) or decided is left alone: 'busy'.
   */
  async claim(userId: string, hash: string, status: IdentityStatus, at: Date, staleBefore: Date): Promise<ClaimResult> {
    try {
      const rows = await this.db
        .insert(identityProfiles)
        .values({ userId, identityHash: hash, status, providerRef: null, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: identityProfiles.userId,
          set: { identityHash: hash, status, providerRef: null, updatedAt: at },
          setWhere: or(
            inArray(identityProfiles.status, SUBMITTABLE),
            and(eq(identityProfiles.status, 'processing'), lt(identityProfiles.updatedAt, staleBefore)),
          ),
        })
        .returning({ userId: identityProfiles.userId });
      return rows.length === 1 ? 'claimed' : 'busy';
    } catch (e) {
      if (sqlErrorOf(e)?.code === SQLSTATE.uniqueViolation) return 'duplicate';
      throw e;
    }
  }

  /** The user is another account of a person already here (id-ex): no hash kept. */
  async markDuplicate(userId: string, at: Date): Promise<void> {
    await this.db
      .insert(identityProfiles)
      .values({ userId, identityHash: null, status: 'duplicate', providerRef: null, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: identityProfiles.userId,
        set: { identityHash: null, status: 'duplicate', providerRef: null, updatedAt: at },
      });
  }

  /** Moves the row on from `from` (only from it: a concurrent change wins). True when it moved. */
  async advance(
    userId: string,
    from: IdentityStatus,
    to: IdentityStatus,
    at: Date,
    providerRef?: string | null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(identityProfiles)
      .set({ status: to, updatedAt: at, ...(providerRef !== undefined ? { providerRef } : {}) })
      .where(and(eq(identityProfiles.userId, userId), eq(identityProfiles.status, from)))
      .returning({ userId: identityProfiles.userId });
    return rows.length === 1;
  }

  /** A photo ID being sent: `photo` (or a stale `uploading`) -> `uploading`, for one request at a time. */
  async startUpload(userId: string, at: Date, staleBefore: Date): Promise<IdentityRow | null> {
    const [row] = await this.db
      .update(identityProfiles)
      .set({ status: 'uploading', updatedAt: at })
      .where(
        and(
          eq(identityProfiles.userId, userId),
          or(
            eq(identityProfiles.status, 'photo'),
            and(eq(identityProfiles.status, 'uploading'), lt(identityProfiles.updatedAt, staleBefore)),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }
}
