import { and, eq } from 'drizzle-orm';
import type { Restriction, RestrictionKind } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { walletRestrictions } from './schema.ts';

/**
 * SPEC 4 withdrawal restrictions (ban, report by another player). The social and admin
 * capabilities record them here; they take effect RESTRICTION_WINDOW_MS after `at`. A
 * `reported` row is written only by an admin decision or when enough distinct opponents report
 * the player (the reports module, domain reportsRestrictionAt), and dismissing lifts it.
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

/** For other capabilities: whether a user's withdrawals carry a restriction of this kind (active or not yet). */
export async function hasWalletRestriction(db: DbOrTx, uid: string, kind: RestrictionKind): Promise<boolean> {
  return (await new RestrictionStore(db).list(uid)).some((r) => r.kind === kind);
}

/** For other capabilities: lifts a kind of restriction (a dismissed report lifts `reported`). */
export function liftWalletRestriction(db: DbOrTx, uid: string, kind: RestrictionKind): Promise<void> {
  return new RestrictionStore(db).remove(uid, kind);
}
