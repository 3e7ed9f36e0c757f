import type { Me } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import { inTransaction } from './transaction.store.ts';
import { WalletUserStore } from './users.store.ts';

/** What the wallet needs of the accounts capability to show a closure at once. */
export interface ProfileLink {
  me(userId: string, sessionPublicId: string): Promise<Me | null>;
  notifyChanged(userId: string): Promise<void>;
  /** The account was closed or banned: its open sockets are closed so nothing in flight goes on. */
  accountRestricted(userId: string): Promise<void>;
  /** Every instance re-reads the standing it keeps with the user's sockets (issue 35). */
  standingChanged(userId: string): Promise<void>;
}

/**
 * Self-exclusion (SPEC 4, 6): the account closes permanently. Nothing is deleted: the balances
 * stay in the ledger, frozen (WalletService refuses ordinary movements), and the user's pages
 * hear `profile.changed` with `closed: true` to show the permanent overlay.
 */
export class ClosureService {
  constructor(
    private readonly db: Db,
    private readonly profile: ProfileLink,
  ) {}

  /** `audit`: an admin's close records itself in the same transaction (issue 12). */
  async close(uid: string, audit?: ChangeHook): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const store = new WalletUserStore(tx);
      if (!(await store.lock(uid))) throw notFound();
      const before = await store.find(uid);
      await store.close(uid);
      await audit?.(tx, { before: { closed: before?.closed ?? false }, after: { closed: true } });
    });
    // First: until every instance has re-read it, the user's sockets still act as before.
    await this.profile.standingChanged(uid);
    await this.profile.notifyChanged(uid);
    await this.profile.accountRestricted(uid);
  }

  me(uid: string, sessionPublicId: string): Promise<Me | null> {
    return this.profile.me(uid, sessionPublicId);
  }
}
