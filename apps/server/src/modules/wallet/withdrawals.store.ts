import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PaymentRegion } from '@rush/domain';
import type { AdminCanadianWithdrawal } from '@rush/protocol';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { withdrawals } from './schema.ts';

export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = WithdrawalRecord['status'];

/** Withdrawal requests and their outcome. */
export class WithdrawalStore {
  constructor(private readonly db: DbOrTx) {}

  /** Runs with the hold, in its transaction: a pending row exists exactly when money is held. */
  async insert(row: {
    id: string;
    uid: string;
    amount: bigint;
    fee: bigint;
    region: PaymentRegion;
    requestedAt: Date;
  }) {
    await this.db.insert(withdrawals).values({ ...row, status: 'pending' });
  }

  async find(id: string): Promise<WithdrawalRecord | null> {
    const rows = await this.db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async statuses(ids: readonly string[]): Promise<Map<string, WithdrawalRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async setProviderRef(id: string, providerRef: string): Promise<void> {
    await this.db.update(withdrawals).set({ providerRef }).where(eq(withdrawals.id, id));
  }

  /** Runs with the resolving movement, in its transaction. */
  async resolve(id: string, status: Exclude<WithdrawalStatus, 'pending'>, at: Date): Promise<void> {
    await this.db
      .update(withdrawals)
      .set({ status, resolvedAt: at })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')));
  }

  /**
   * Pending US payouts to read back at the provider: a user's (or one of them), or, for the
   * sweep, those requested before `before` (oldest first).
   */
  async pendingPayouts(
    which: { uid?: string; id?: string | null; before?: Date },
    limit: number,
  ): Promise<WithdrawalRecord[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          eq(withdrawals.region, 'us'),
          which.uid ? eq(withdrawals.uid, which.uid) : undefined,
          which.id ? eq(withdrawals.id, which.id) : undefined,
          which.before ? lte(withdrawals.requestedAt, which.before) : undefined,
        ),
      )
      .orderBy(asc(withdrawals.requestedAt))
      .limit(limit);
  }

  /** Pending requests the provider never acknowledged (a crash between hold and request). */
  async unsent(requestedBefore: Date, limit: number): Promise<WithdrawalRecord[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          // Canadian requests go to support by e-mail, never to the provider.
          eq(withdrawals.region, 'us'),
          isNull(withdrawals.providerRef),
          lte(withdrawals.requestedAt, requestedBefore),
        ),
      )
      .orderBy(asc(withdrawals.requestedAt))
      .limit(limit);
  }

  /**
   * SPEC 9: what the user withdrew in the calendar year from `since`, requests still pending
   * included (a rejected one returned its money and does not count).
   */
  async totalSince(uid: string, since: Date): Promise<bigint> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
      .from(withdrawals)
      .where(and(eq(withdrawals.uid, uid), gte(withdrawals.requestedAt, since), ne(withdrawals.status, 'rejected')));
    return BigInt(row?.total ?? '0');
  }

  /** Canadian e-mail requests for the admin console: one, the open ones (oldest first), or the last 50 decided. */
  async canadian(
    filter: { id: string } | { status: 'pending' } | { decided: true },
  ): Promise<AdminCanadianWithdrawal[]> {
    const where =
      'id' in filter
        ? and(eq(withdrawals.id, filter.id), eq(withdrawals.region, 'ca'))
        : 'status' in filter
          ? and(eq(withdrawals.region, 'ca'), eq(withdrawals.status, 'pending'))
          : and(eq(withdrawals.region, 'ca'), ne(withdrawals.status, 'pending'));
    const rows = await this.db
      .select({
        id: withdrawals.id,
        uid: withdrawals.uid,
        username: users.username,
        email: users.email,
        amount: withdrawals.amount,
        fee: withdrawals.fee,
        status: withdrawals.status,
        requestedAt: withdrawals.requestedAt,
        resolvedAt: withdrawals.resolvedAt,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.uid))
      .where(where)
      .orderBy('decided' in filter ? desc(withdrawals.resolvedAt) : asc(withdrawals.requestedAt))
      .limit('decided' in filter ? 50 : 500);
    return rows.map((r) => ({
      id: r.id,
      uid: r.uid,
      username: r.username,
      email: r.email,
      amount: Number(r.amount),
      fee: Number(r.fee),
      payout: Number(r.amount - r.fee),
      status: r.status,
      requestedAt: r.requestedAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    }));
  }
}
