import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { readBalance } from './ledger.store.ts';
import type { PaymentsPort } from './payments/port.ts';
import { WithdrawalStore } from './withdrawals.store.ts';

/**
 * The platform's money at the provider against the ledger (issue 32). What should be there: the
 * USD clearing account's debit (every deposit credited, minus every payout completed and every
 * reversal), less the payouts the provider has acknowledged but not finished (with `fund: true`
 * their money left the app's wallet when they were created). Cents; `difference` is the
 * provider's figure minus ours.
 */
export interface FloatCheck {
  checkedAt: string;
  provider: number | null;
  ledger: number;
  inFlight: number;
  difference: number | null;
  ok: boolean | null;
}

export class PaymentsReconciliation {
  private lastCheck: FloatCheck | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentsPort,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<FloatCheck> {
    let provider: bigint | null = null;
    try {
      provider = await this.payments.platformBalance();
    } catch (err) {
      this.log.warn({ err }, "the provider's balance could not be read; compared next time");
    }
    const clearing = await readBalance(this.db, accountOf.clearing('usd').id);
    const pending = await new WithdrawalStore(this.db).pendingPayouts({}, 10_000);
    const inFlight = pending.filter((w) => w.providerRef).reduce((sum, w) => sum + (w.amount - w.fee), 0n);
    const expected = -clearing - inFlight;
    const difference = provider === null ? null : provider - expected;
    const check: FloatCheck = {
      checkedAt: this.clock.now().toISOString(),
      provider: provider === null ? null : Number(provider),
      ledger: Number(expected),
      inFlight: Number(inFlight),
      difference: difference === null ? null : Number(difference),
      ok: difference === null ? null : difference === 0n,
    };
    if (check.ok === false) {
      this.log.error(
        { alert: 'payments-reconciliation', ...check },
        "ALERT: the platform's balance at the payment provider differs from the ledger",
      );
    }
    this.lastCheck = check;
    return check;
  }

  /** The last comparison this instance made, or null before the first. */
  last(): FloatCheck | null {
    return this.lastCheck;
  }
}
