import { PayoutRefused, ProviderUnavailable, type PayoutOutcome } from './payments/port.ts';
import type { WithdrawalResolutions } from './withdrawal-resolutions.ts';
import type { WithdrawalDeps } from './withdrawals.service.ts';
import { WithdrawalStore, type WithdrawalRecord } from './withdrawals.store.ts';

/** A request the provider has not acknowledged after this long is sent again by the sweep. */
export const RESEND_AFTER_MS = 30_000;

/**
 * A withdrawal at the payments provider: the payout request, and what the provider says of it
 * read back (issue 32) by the sweeps and on its notifications, so a lost answer or webhook loses
 * nothing. The held money never returns on an unanswered request.
 */
export class WithdrawalPayouts {
  constructor(
    private readonly d: Pick<WithdrawalDeps, 'db' | 'clock' | 'payments' | 'log'>,
    private readonly resolutions: WithdrawalResolutions,
  ) {}

  /**
   * Requests the provider never acknowledged (a lost answer, a crash in between): each is looked
   * for at the provider first, and sent again (under the same idempotency key) only if it shows
   * none.
   */
  async resendUnsent(): Promise<void> {
    const before = new Date(this.d.clock.now().getTime() - RESEND_AFTER_MS);
    for (const w of await new WithdrawalStore(this.d.db).unsent(before, 20)) await this.readBack(w);
  }

  /** The slower sweep: acknowledged payouts still pending are read back too (a lost webhook loses nothing). */
  async reconcileSent(): Promise<void> {
    const before = new Date(this.d.clock.now().getTime() - RESEND_AFTER_MS);
    for (const w of await new WithdrawalStore(this.d.db).pendingPayouts({ before }, 20)) {
      if (w.providerRef) await this.readBack(w);
    }
  }

  /** A notification about a user's payouts (or one of them): each still pending is read back. */
  async checkPayouts(which: { uid: string; reference: string | null }): Promise<void> {
    const pending = await new WithdrawalStore(this.d.db).pendingPayouts({ uid: which.uid, id: which.reference }, 20);
    let unavailable: ProviderUnavailable | null = null;
    for (const w of pending) {
      try {
        await this.readBack(w, { rethrow: true });
      } catch (e) {
        if (!(e instanceof ProviderUnavailable)) throw e;
        unavailable = e;
      }
    }
    // The provider could not answer now: the notification is delivered again.
    if (unavailable) throw unavailable;
  }

  /**
   * What the provider says of one payout, applied (issue 32): completed -> the held money
   * leaves; failed with the money back with the platform -> it returns to the player, once;
   * none found -> sent again under the same key (if never acknowledged); anything else waits.
   */
  private async readBack(w: WithdrawalRecord, o: { rethrow?: boolean } = {}): Promise<void> {
    let outcome: PayoutOutcome;
    try {
      outcome = await this.d.payments.payoutOutcome({
        reference: w.id,
        uid: w.uid,
        payout: w.amount - w.fee,
        providerRef: w.providerRef,
        requestedAt: w.requestedAt,
      });
    } catch (err) {
      this.d.log.warn({ err, withdrawal: w.id }, 'payout not read back; asked again later');
      if (o.rethrow && err instanceof ProviderUnavailable) throw err;
      return;
    }
    const store = new WithdrawalStore(this.d.db);
    if (outcome.state === 'unknown') {
      if (!w.providerRef) await this.send(w);
      return;
    }
    if (w.providerRef !== outcome.providerRef) await store.setProviderRef(w.id, outcome.providerRef);
    if (outcome.state === 'completed') await this.resolutions.apply(w, 'completed', 'completion');
    else if (outcome.state === 'failed' && outcome.refundable)
      await this.resolutions.apply(w, 'rejected', 'completion');
  }

  /** The payout request, under the withdrawal's id as the provider's idempotency key. */
  async send(w: WithdrawalRecord): Promise<void> {
    try {
      const r = await this.d.payments.requestPayout({
        reference: w.id,
        uid: w.uid,
        amount: w.amount,
        payout: w.amount - w.fee,
        region: w.region,
      });
      await new WithdrawalStore(this.d.db).setProviderRef(w.id, r.providerRef);
    } catch (err) {
      if (err instanceof PayoutRefused) {
        this.d.log.error({ err, withdrawal: w.id }, 'payout refused by the provider; the held money goes back');
        await this.resolutions.resolve(w.id, 'rejected', w.amount);
        return;
      }
      // Ambiguous (a timeout, a 5xx, any 4xx: the payout may exist): held until read back.
      this.d.log.warn({ err, withdrawal: w.id }, 'payout request unanswered; read back and resent by the sweep');
    }
  }
}
