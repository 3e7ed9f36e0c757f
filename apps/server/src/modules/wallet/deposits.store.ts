import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { PaymentRegion } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { paymentSessions } from './schema.ts';

export type PaymentSessionRecord = typeof paymentSessions.$inferSelect;

/** Our side of deposit checkouts (`payment_sessions`). */
export class DepositStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: {
    id: string;
    uid: string;
    amount: bigint;
    fee: bigint;
    region: PaymentRegion;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(paymentSessions).values({ ...row, status: 'open' });
  }

  async find(id: string): Promise<PaymentSessionRecord | null> {
    const rows = await this.db.select().from(paymentSessions).where(eq(paymentSessions.id, id)).limit(1);
    return rows[0] ?? null;
  }

  async setProviderRef(id: string, providerRef: string, providerPayment: string | null = null): Promise<void> {
    await this.db
      .update(paymentSessions)
      .set({ providerRef, ...(providerPayment ? { providerPayment } : {}) })
      .where(eq(paymentSessions.id, id));
  }

  /** The provider's payment behind a checkout, learnt when it was read back. */
  async setProviderPayment(id: string, providerPayment: string): Promise<void> {
    await this.db
      .update(paymentSessions)
      .set({ providerPayment })
      .where(and(eq(paymentSessions.id, id), isNull(paymentSessions.providerPayment)));
  }

  /** The provider says an open checkout failed or expired: it ends, and its reservation under the cap with it. */
  async endIfOpen(id: string, status: 'failed' | 'expired', at: Date): Promise<boolean> {
    const rows = await this.db
      .update(paymentSessions)
      .set({ status, endedAt: at })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')))
      .returning({ id: paymentSessions.id });
    return rows.length > 0;
  }

  /** Runs with the reversal's movement, in its transaction. */
  async markReversed(id: string, at: Date): Promise<void> {
    await this.db.update(paymentSessions).set({ status: 'reversed', endedAt: at }).where(eq(paymentSessions.id, id));
  }

  /**
   * The deposits a provider notification about `uid` (or about one payment) may concern: open
   * ones, and credited ones recent enough to be reversed by the payer's bank.
   */
  async toCheck(
    which: { uid: string | null; payment: string | null },
    creditedSince: Date,
  ): Promise<PaymentSessionRecord[]> {
    const mine = which.payment
      ? eq(paymentSessions.providerPayment, which.payment)
      : which.uid
        ? eq(paymentSessions.uid, which.uid)
        : null;
    if (!mine) return [];
    return this.db
      .select()
      .from(paymentSessions)
      .where(
        and(
          mine,
          or(
            eq(paymentSessions.status, 'open'),
            and(
              inArray(paymentSessions.status, ['completed', 'funding']),
              gte(paymentSessions.createdAt, creditedSince),
            ),
          ),
        ),
      )
      .orderBy(desc(paymentSessions.createdAt))
      .limit(50);
  }

  /** Open checkouts created before `before` that the provider has a record of, oldest first (the deposit sweep). */
  async openBefore(before: Date, limit: number): Promise<PaymentSessionRecord[]> {
    return this.db
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.status, 'open'),
          lte(paymentSessions.createdAt, before),
          isNotNull(paymentSessions.providerRef),
        ),
      )
      .orderBy(asc(paymentSessions.createdAt))
      .limit(limit);
  }

  /** Runs with the credit, in its transaction: the session and the money agree. */
  async markCompleted(id: string, at: Date): Promise<void> {
    await this.db
      .update(paymentSessions)
      .set({ status: 'completed', completedAt: at })
      .where(eq(paymentSessions.id, id));
  }

  /** A Canadian deposit the provider confirmed: pending until `fundsAt`, with its hold (same transaction). */
  async markFunding(id: string, confirmedAt: Date, fundsAt: Date): Promise<void> {
    await this.db
      .update(paymentSessions)
      .set({ status: 'funding', confirmedAt, fundsAt })
      .where(eq(paymentSessions.id, id));
  }

  /** Canadian deposits whose funding window has ended, oldest first. */
  async fundingDue(now: Date, limit: number): Promise<PaymentSessionRecord[]> {
    return this.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.status, 'funding'), lte(paymentSessions.fundsAt, now)))
      .orderBy(asc(paymentSessions.fundsAt))
      .limit(limit);
  }

  async statuses(ids: readonly string[]): Promise<Map<string, PaymentSessionRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(paymentSessions)
      .where(inArray(paymentSessions.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The provider says the checkout was abandoned: its reservation under the cap ends. */
  async cancelIfOpen(id: string): Promise<void> {
    await this.db
      .update(paymentSessions)
      .set({ status: 'cancelled' })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')));
  }

  /**
   * Deposits counted against the monthly cap since `since`: completed ones, Canadian ones in
   * their funding window, and open checkouts that may still be paid (each reserves its amount
   * until it expires).
   */
  async depositedSince(uid: string, since: Date, now: Date): Promise<bigint> {
    const [row] = await this.db
      .select({ total: sql<string>`coalesce(sum(${paymentSessions.amount}), 0)::text` })
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.uid, uid),
          gte(paymentSessions.createdAt, since),
          or(
            inArray(paymentSessions.status, ['completed', 'funding']),
            and(eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)),
          ),
        ),
      );
    return BigInt(row?.total ?? '0');
  }

  /** A user's deposits since `since` that did not simply complete, newest first (the wallet's list, issue 32). */
  async outcomes(uid: string, since: Date, limit: number): Promise<PaymentSessionRecord[]> {
    return this.db
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.uid, uid),
          gte(paymentSessions.createdAt, since),
          isNotNull(paymentSessions.providerRef),
          inArray(paymentSessions.status, ['open', 'funding', 'failed', 'expired', 'reversed']),
        ),
      )
      .orderBy(desc(paymentSessions.createdAt))
      .limit(limit);
  }

  async lastCompletedAt(uid: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: max(paymentSessions.completedAt) })
      .from(paymentSessions)
      .where(and(eq(paymentSessions.uid, uid), eq(paymentSessions.status, 'completed')));
    return row?.at ?? null;
  }
}
