import type { StuckPaymentsResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { DepositStore, type PaymentSessionRecord } from './deposits.store.ts';
import type { PaymentsPort } from './payments/port.ts';
import { WalletUserStore } from './users.store.ts';
import { WithdrawalStore, type WithdrawalRecord } from './withdrawals.store.ts';

/** Money between the ledger and the provider for longer than this is listed for admins. */
export const STUCK_AFTER_MS = 60 * 60_000;
const LISTED = 50;

type Stuck = StuckPaymentsResponse;

/**
 * Issue 32's admin view of money stuck between the ledger and the provider: deposit checkouts
 * still open and US withdrawals still held after an hour, each with what the provider's records
 * say now, side by side. Nothing moves in the ledger: applying an outcome stays with the
 * read-back paths (webhook, sweep). (Reading a failed payout may take its money back from the
 * user's Dots wallet to the app, once, as the read-back would before any refund.)
 */
export class StuckPayments {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentsPort,
  ) {}

  async list(): Promise<Stuck> {
    const before = new Date(this.clock.now().getTime() - STUCK_AFTER_MS);
    const [sessions, held] = await Promise.all([
      new DepositStore(this.db).openBefore(before, LISTED),
      new WithdrawalStore(this.db).pendingPayouts({ before }, LISTED),
    ]);
    const names = await new WalletUserStore(this.db).usernames([...sessions, ...held].map((r) => r.uid));
    const deposits: Stuck['deposits'] = [];
    for (const s of sessions) {
      deposits.push({
        id: s.id,
        uid: s.uid,
        username: names.get(s.uid) ?? null,
        amount: Number(s.amount),
        createdAt: s.createdAt.toISOString(),
        ours: s.status,
        provider: await this.depositView(s),
      });
    }
    const withdrawals: Stuck['withdrawals'] = [];
    for (const w of held) {
      withdrawals.push({
        id: w.id,
        uid: w.uid,
        username: names.get(w.uid) ?? null,
        amount: Number(w.amount),
        requestedAt: w.requestedAt.toISOString(),
        providerRef: w.providerRef,
        provider: await this.payoutView(w),
      });
    }
    return { olderThanMinutes: STUCK_AFTER_MS / 60_000, float: null, deposits, withdrawals };
  }

  private async depositView(s: PaymentSessionRecord): Promise<Stuck['deposits'][number]['provider']> {
    try {
      const o = await this.payments.depositOutcome({
        reference: s.id,
        uid: s.uid,
        providerRef: s.providerRef,
        providerPayment: s.providerPayment,
      });
      return o.state;
    } catch {
      return 'unavailable';
    }
  }

  private async payoutView(w: WithdrawalRecord): Promise<Stuck['withdrawals'][number]['provider']> {
    try {
      const o = await this.payments.payoutOutcome({
        reference: w.id,
        uid: w.uid,
        payout: w.amount - w.fee,
        providerRef: w.providerRef,
        requestedAt: w.requestedAt,
      });
      if (o.state === 'unknown') return 'none found';
      if (o.state === 'failed') return o.refundable ? 'failed, money back' : 'failed, money not back';
      return o.state;
    } catch {
      return 'unavailable';
    }
  }
}
