import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { DepositStore, type PaymentSessionRecord } from './deposits.store.ts';
import type { DepositService } from './deposits.service.ts';
import type { Leg, MovementOutcome } from './ledger.store.ts';
import { ProviderUnavailable, type DepositOutcome, type PaymentsPort } from './payments/port.ts';
import type { WalletService } from './wallet.service.ts';

/** An open checkout is read back at the provider once it is this old (the payer needs the time to pay). */
export const DEPOSIT_RECHECK_AFTER_MS = 60_000;
/** How long after its credit a deposit may still come back reversed (an ACH return: 60 days). */
export const REVERSAL_WINDOW_MS = 60 * 24 * 60 * 60_000;

/**
 * What the provider's records say about our deposits, applied (issue 32). A notification only
 * says "look again"; the outcome is read back through the port, so a forged or replayed event
 * can move nothing, and every effect has its ledger key (`deposit:{id}`, `deposit:reverse:{id}`):
 * - paid: credited once (even after we had marked it failed or expired: the money did arrive);
 * - failed / expired on an open checkout: it ends, shown as such;
 * - failed or reversed after the credit: the money is taken back once, from the funding window,
 *   then the balance, and what is missing becomes a debt the next deposit pays first.
 */
export class DepositOutcomes {
  constructor(
    private readonly d: {
      db: Db;
      clock: Clock;
      wallet: WalletService;
      payments: PaymentsPort;
      deposits: DepositService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** A notification about a user's deposits (or one payment): each that may concern it is read again. */
  async check(which: { uid: string | null; payment: string | null }): Promise<void> {
    const since = new Date(this.d.clock.now().getTime() - REVERSAL_WINDOW_MS);
    let unavailable: ProviderUnavailable | null = null;
    for (const s of await new DepositStore(this.d.db).toCheck(which, since)) {
      try {
        await this.reconcile(s);
      } catch (e) {
        // The provider could not answer: the notification is delivered again (503) for this.
        if (e instanceof ProviderUnavailable) unavailable = e;
        else this.d.log.error({ err: e, session: s.id }, 'deposit outcome not applied');
      }
    }
    if (unavailable) throw unavailable;
  }

  /** The sweep: open checkouts old enough are read back, so a lost notification loses nothing. */
  async sweep(): Promise<void> {
    const before = new Date(this.d.clock.now().getTime() - DEPOSIT_RECHECK_AFTER_MS);
    for (const s of await new DepositStore(this.d.db).openBefore(before, 20)) {
      try {
        await this.reconcile(s);
      } catch (e) {
        this.d.log.warn({ err: e, session: s.id }, 'deposit not read back; the sweep asks again');
      }
    }
  }

  async reconcile(s: PaymentSessionRecord): Promise<void> {
    const outcome = await this.d.payments.depositOutcome({
      reference: s.id,
      uid: s.uid,
      providerRef: s.providerRef,
      providerPayment: s.providerPayment,
    });
    const store = new DepositStore(this.d.db);
    if (outcome.state !== 'open' && outcome.payment) await store.setProviderPayment(s.id, outcome.payment);
    await this.apply(s, outcome);
  }

  private async apply(s: PaymentSessionRecord, outcome: DepositOutcome): Promise<void> {
    const credited = s.status === 'completed' || s.status === 'funding';
    switch (outcome.state) {
      case 'open':
        return;
      case 'paid':
        if (s.status !== 'reversed') await this.d.deposits.confirm(s.id, outcome.amount);
        return;
      case 'failed':
      case 'expired':
      case 'reversed':
        if (credited) {
          await this.reverse(s);
          return;
        }
        await new DepositStore(this.d.db).endIfOpen(
          s.id,
          outcome.state === 'expired' ? 'expired' : 'failed',
          this.d.clock.now(),
        );
    }
  }

  /**
   * Takes a credited deposit back, once (`deposit:reverse:{id}`): what it credited leaves the
   * funding account (a Canadian deposit still in its window), then the balance; the rest is
   * owed (the debt account goes negative). The Canadian fee goes back from the fee account.
   */
  reverse(s: PaymentSessionRecord): Promise<MovementOutcome> {
    const clearing = accountOf.clearing('usd');
    const funding = accountOf.funding(s.uid);
    const user = accountOf.user(s.uid, 'usd');
    const debt = accountOf.debt(s.uid);
    const fee = accountOf.fee('usd');
    const adjustment = accountOf.adjustment('usd');
    return this.d.wallet.move(
      {
        key: `deposit:reverse:${s.id}`,
        kind: 'deposit_reverse',
        currency: 'usd',
        ref: `deposit:${s.id}`,
        meta: { sessionId: s.id, amount: String(s.amount), fee: String(s.fee) },
        accounts: [clearing, funding, user, debt, fee, adjustment],
        legs: (balances) => {
          const legs: Leg[] = [];
          let rest = s.amount - s.fee;
          const take = (from: typeof user, available: bigint) => {
            const amount = available < rest ? (available > 0n ? available : 0n) : rest;
            legs.push({ from, to: clearing, amount });
            rest -= amount;
          };
          if (s.status === 'funding') take(funding, balances.get(funding.id) ?? 0n);
          take(user, balances.get(user.id) ?? 0n);
          legs.push({ from: debt, to: clearing, amount: rest });
          // The platform returns its fee too; if the fee account was emptied, the adjustment account pays it.
          const feeBack = (balances.get(fee.id) ?? 0n) < s.fee ? 0n : s.fee;
          legs.push(
            { from: fee, to: clearing, amount: feeBack },
            { from: adjustment, to: clearing, amount: s.fee - feeBack },
          );
          return legs;
        },
        after: (tx) => new DepositStore(tx).markReversed(s.id, this.d.clock.now()),
      },
      // The provider already took the money back: applied even to an account closed since.
      'completion',
    );
  }
}
