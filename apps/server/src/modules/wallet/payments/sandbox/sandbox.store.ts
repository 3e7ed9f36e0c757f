import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../../platform/db/database.ts';
import { sandboxPayments } from '../../schema.ts';

export type SandboxPaymentRecord = typeof sandboxPayments.$inferSelect;
export type PayoutOutcome = 'completed' | 'rejected';

/** The sandbox provider's books. Only the sandbox provider reads or writes them. */
export class SandboxStore {
  constructor(private readonly db: DbOrTx) {}

  /** Idempotent on (kind, reference): a retried request gets the first record back. */
  async create(row: {
    id: string;
    kind: 'checkout' | 'payout';
    reference: string;
    amount: bigint;
    createdAt: Date;
    expiresAt?: Date;
    dueAt?: Date;
  }): Promise<SandboxPaymentRecord> {
    await this.db
      .insert(sandboxPayments)
      .values({ ...row, status: row.kind === 'checkout' ? 'open' : 'pending' })
      .onConflictDoNothing({ target: [sandboxPayments.kind, sandboxPayments.reference] });
    const [found] = await this.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.kind, row.kind), eq(sandboxPayments.reference, row.reference)));
    if (!found) throw new Error(`sandbox ${row.kind} ${row.reference} missing`);
    return found;
  }

  async byReference(kind: 'checkout' | 'payout', reference: string): Promise<SandboxPaymentRecord | null> {
    const rows = await this.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.kind, kind), eq(sandboxPayments.reference, reference)))
      .limit(1);
    return rows[0] ?? null;
  }

  async find(id: string): Promise<SandboxPaymentRecord | null> {
    const rows = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return rows[0] ?? null;
  }

  /**
   * The payer's decision on an open, unexpired checkout, with its notification queued in the
   * same statement and already claimed by the caller (first attempt now, next at `retryAt`), so
   * a concurrent sweep does not take the first delivery away from the Pay press. Null when the
   * checkout was not open any more (paid twice, expired...).
   */
  async closeCheckout(
    id: string,
    status: 'paid' | 'cancelled',
    now: Date,
    retryAt: Date,
  ): Promise<SandboxPaymentRecord | null> {
    const rows = await this.db
      .update(sandboxPayments)
      .set({
        status,
        notifyType: status === 'paid' ? 'checkout.paid' : 'checkout.cancelled',
        notifyAt: retryAt,
        notifyAttempts: sql`${sandboxPayments.notifyAttempts} + 1`,
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.kind, 'checkout'),
          eq(sandboxPayments.status, 'open'),
          gt(sandboxPayments.expiresAt, now),
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  /**
   * The sandbox bank answers the payouts that are due, each once: rows are claimed with
   * FOR UPDATE SKIP LOCKED, so two instances sweeping at once never answer the same payout.
   */
  async answerDuePayouts(now: Date, decide: (p: SandboxPaymentRecord) => PayoutOutcome, limit = 50): Promise<number> {
    return (this.db as Db).transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxPayments)
        .where(
          and(
            eq(sandboxPayments.kind, 'payout'),
            eq(sandboxPayments.status, 'pending'),
            lte(sandboxPayments.dueAt, now),
          ),
        )
        .orderBy(asc(sandboxPayments.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const p of due) {
        const outcome = decide(p);
        await tx
          .update(sandboxPayments)
          .set({ status: outcome, notifyType: `payout.${outcome}`, notifyAt: now })
          .where(eq(sandboxPayments.id, p.id));
      }
      return due.length;
    });
  }

  /**
   * Claims notifications due for delivery by pushing their next
   * attempt to `retryAt`: a delivery that fails, or an instance that dies mid-delivery, is
   * retried then; a success clears it. Claimed rows are skipped by concurrent sweeps.
   */
  async claimNotifications(now: Date, retryAt: Date, opts: { limit?: number } = {}): Promise<SandboxPaymentRecord[]> {
    const due = this.db
      .select({ id: sandboxPayments.id })
      .from(sandboxPayments)
      .where(and(isNotNull(sandboxPayments.notifyAt), lte(sandboxPayments.notifyAt, now)))
      .orderBy(asc(sandboxPayments.notifyAt))
      .limit(opts.limit ?? 50)
      .for('update', { skipLocked: true });
    return this.db
      .update(sandboxPayments)
      .set({ notifyAt: retryAt, notifyAttempts: sql`${sandboxPayments.notifyAttempts} + 1` })
      .where(inArray(sandboxPayments.id, due))
      .returning();
  }

  /** Delivered: nothing more to send, unless a newer notification was queued meanwhile. */
  async markNotified(id: string, type: string, at: Date): Promise<void> {
    await this.db
      .update(sandboxPayments)
      .set({ notifyAt: null, notifiedAt: at })
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.notifyType, type)));
  }
}
