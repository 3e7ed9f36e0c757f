import { and, eq } from 'drizzle-orm';
import type { Restriction, RestrictionKind } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { walletRestrictions } from './schema.ts';

/**
 * SPEC 4 withdrawal restrictions (ban, report by another player). The social and admin
 * capabilities record them here; they take effect RESTRICTION_WINDOW_MS after `at`.
 */
export class RestrictionStore {
  constructor(private readonly db: DbOrTx) {}

  async add(uid: string, kind: RestrictionKind, at: Date): Promise<void> {
    await this.db.insert(walletRestrictions).values({ uid, kind, createdAt: at });
  }

  /** An admin decision lifts a kind of restriction (unban, dismissed report). */
  async remove(uid: string, kind: RestrictionKind): Promise<void> {
    await this.db
      .delete(walletRestrictions)
      .where(and(eq(walletRestrictions.uid, uid), eq(walletRestrictions.kind, kind)));
  }

  async list(uid: string): Promise<Restriction[]> {
    return this.db
      .select({ kind: walletRestrictions.kind, createdAt: walletRestrictions.createdAt })
      .from(walletRestrictions)
      .where(eq(walletRestrictions.uid, uid));
  }
}

/** For other capabilities: records a restriction on a user's withdrawals. */
export function addWalletRestriction(db: DbOrTx, r: { uid: string; kind: RestrictionKind; at: Date }): Promise<void> {
  return new RestrictionStore(db).add(r.uid, r.kind, r.at);
}
