import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users, usernamesOf } from '../accounts/index.ts';
import { ledgerAccounts } from './schema.ts';

/** A user as the wallet sees them. */
export interface WalletUser {
  id: string;
  username: string;
  emailVerified: boolean;
  banned: boolean;
  closed: boolean;
}

const columns = {
  id: users.id,
  username: users.username,
  emailVerified: users.emailVerified,
  banned: users.banned,
  closed: users.closed,
};

/** The wallet's reads (and its one write, self-exclusion) of the accounts' users table. */
export class WalletUserStore {
  constructor(private readonly db: DbOrTx) {}

  async find(uid: string): Promise<WalletUser | null> {
    const rows = await this.db.select(columns).from(users).where(eq(users.id, uid)).limit(1);
    return rows[0] ?? null;
  }

  usernames(uids: readonly string[]): Promise<Map<string, string>> {
    return usernamesOf(this.db, uids);
  }

  /**
   * The closed users among `uids`, read under FOR SHARE: a self-exclusion racing this
   * transaction either committed before (and is seen here) or waits until it commits.
   */
  async closedAmong(uids: readonly string[]): Promise<string[]> {
    if (uids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id, closed: users.closed })
      .from(users)
      .where(inArray(users.id, [...new Set(uids)].sort()))
      .orderBy(users.id)
      .for('share');
    return rows.filter((r) => r.closed).map((r) => r.id);
  }

  /** Serialises a user's wallet decisions (limits, deposit room) for the rest of the transaction. */
  async lock(uid: string): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.id, uid)).for('update');
    return rows.length > 0;
  }

  /** Self-exclusion is permanent: true when this call closed the account. */
  async close(uid: string): Promise<boolean> {
    const rows = await this.db.update(users).set({ closed: true }).where(eq(users.id, uid)).returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * Users with a wallet (`hasWallet`: a verified email), by username, with their USD and RC
   * balances (no account yet reads 0).
   */
  async holders(limit: number): Promise<{ uid: string; username: string; usd: bigint; wbx: bigint; owed: bigint }[]> {
    const balance = (currency: 'usd' | 'wbx', kind: 'user' | 'debt' = 'user') =>
      sql<string>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${and(
        eq(ledgerAccounts.ownerId, users.id),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.currency, currency),
      )}), 0)::text`;
    const rows = await this.db
      .select({
        uid: users.id,
        username: users.username,
        usd: balance('usd'),
        wbx: balance('wbx'),
        // What a reversed deposit left owing (issue 32): the debt account's balance, negated.
        debt: balance('usd', 'debt'),
      })
      .from(users)
      .where(eq(users.emailVerified, true))
      .orderBy(asc(users.usernameLower))
      .limit(limit);
    return rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      usd: BigInt(r.usd),
      wbx: BigInt(r.wbx),
      owed: -BigInt(r.debt),
    }));
  }
}
