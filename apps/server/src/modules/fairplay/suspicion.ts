import type { DbOrTx } from '../../platform/db/database.ts';
import { ReviewStore } from './review.store.ts';

/**
 * SPEC 1, 9 "suspected cheaters cannot withdraw until review": a payout of theirs is held or a
 * flag is open on them. A read of fair play's tables only, so the composition root hands it to
 * the wallet at construction, before fair play (which builds on the wallet) exists.
 */
export const underSuspicion = (db: DbOrTx, uid: string): Promise<boolean> => new ReviewStore(db).underSuspicion(uid);
