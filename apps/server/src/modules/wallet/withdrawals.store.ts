import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { PaymentRegion } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
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

  /** Pending requests the provider never acknowledged (a crash between hold and request). */
  async unsent(requestedBefore: Date, limit: number): Promise<WithdrawalRecord[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'pending'),
          isNull(withdrawals.providerRef),
          lte(withdrawals.requestedAt, requestedBefore),
        ),
      )
      .orderBy(asc(withdrawals.requestedAt))
      .limit(limit);
  }
}
