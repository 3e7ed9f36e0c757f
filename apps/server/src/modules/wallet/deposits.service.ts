import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  decideDeposit,
  depositFundsAt,
  depositRoom,
  isLimitActive,
  TEXTS,
  utcMonthStart,
  type DepositRefusal,
  type PaymentRegion,
  type SelfLimit,
} from '@rush/domain';
import type { DepositOutcomeView, DeviceGps } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { DepositStore, type PaymentSessionRecord } from './deposits.store.ts';
import { money, when } from './format.ts';
import type { IdentityPort } from './identity/port.ts';
import type { MovementOutcome } from './ledger.store.ts';
import { LimitStore } from './limits.store.ts';
import { requirePayLocation } from './pay-location.ts';
import type { PaymentsPort } from './payments/port.ts';
import { inTransaction } from './transaction.store.ts';
import { WalletUserStore } from './users.store.ts';
import { refuseDuringBreak } from './stake-guard.ts';
import type { WalletService } from './wallet.service.ts';

/** How long a deposit checkout may be paid (and reserves its amount under the monthly cap). */
export const CHECKOUT_TTL_MS = 30 * 60_000;

export interface DepositDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  payments: PaymentsPort;
  identity: IdentityPort;
  log: FastifyBaseLogger;
}

export interface StartDeposit {
  amount: number;
  region: PaymentRegion;
  deviceGps?: DeviceGps | undefined;
}

/**
 * Deposits (SPEC 4, 5, 9): the rules and the location decide whether a checkout may start; the
 * money moves only when the provider confirms the payment, once, under `deposit:{sessionId}`.
 */
export class DepositService {
  constructor(private readonly d: DepositDeps) {}

  /** `ip`: the client's address (`request.ip`), checked against the device's position. */
  async start(uid: string, input: StartDeposit, ip: string | null): Promise<{ sessionId: string; url: string }> {
    const amount = BigInt(input.amount);
    // Issue 37: a break pauses deposits (checked again under the user's lock below).
    await refuseDuringBreak(this.d.db, uid, this.d.clock.now());
    // The rules first (cheap and the user's own doing), then the location check.
    refuseUnlessAllowed(await this.decide(this.d.db, uid, amount, input.region));
    await requirePayLocation(this.d.identity, {
      uid,
      deviceGps: input.deviceGps,
      ip,
      amount,
      region: input.region,
      purpose: 'deposit',
    });

    // Decided again under the user's lock with the session written in the same transaction:
    // two checkouts started at once cannot together pass the cap or the limit.
    const id = crypto.randomUUID();
    await inTransaction(this.d.db, async (tx) => {
      if (!(await new WalletUserStore(tx).lock(uid))) throw notFound();
      await refuseDuringBreak(tx, uid, this.d.clock.now());
      const plan = refuseUnlessAllowed(await this.decide(tx, uid, amount, input.region));
      const now = this.d.clock.now();
      await new DepositStore(tx).insert({
        id,
        uid,
        amount,
        fee: plan.fee,
        region: input.region,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
    });
    const store = new DepositStore(this.d.db);
    try {
      const checkout = await this.d.payments.createCheckout({ reference: id, uid, amount, region: input.region });
      await store.setProviderRef(id, checkout.providerRef, checkout.providerPayment ?? null);
      return { sessionId: id, url: checkout.url };
    } catch (err) {
      this.d.log.error({ err, session: id }, 'checkout not created');
      await store.cancelIfOpen(id);
      throw new AppError('UNAVAILABLE', TEXTS.walletUnableToProcess);
    }
  }

  /**
   * The provider collected the payment: credit once (fee to the platform for Canada). A US
   * deposit reaches the balance at once; a Canadian one is held in the user's funding account
   * until its window ends (SPEC 9 "funded in about 12-24 hours", domain `depositFundsAt`), when
   * `fundDue` moves it to the balance.
   */
  async confirm(reference: string, amount: bigint): Promise<MovementOutcome> {
    const s = await new DepositStore(this.d.db).find(reference);
    if (!s) throw notFound();
    if (s.amount !== amount) {
      // Not ours to guess which side is right: refuse, log loudly, the provider retries.
      this.d.log.error({ session: s.id, expected: String(s.amount), got: String(amount) }, 'deposit amount mismatch');
      throw badRequest();
    }
    const clearing = accountOf.clearing('usd');
    const pending = s.region === 'ca';
    const user = pending ? accountOf.funding(s.uid) : accountOf.user(s.uid, 'usd');
    const fee = accountOf.fee('usd');
    const debt = accountOf.debt(s.uid);
    const now = this.d.clock.now();
    return this.d.wallet.move(
      {
        key: `deposit:${s.id}`,
        kind: 'deposit',
        currency: 'usd',
        ref: `deposit:${s.id}`,
        meta: { sessionId: s.id, region: s.region, amount: String(s.amount), fee: String(s.fee) },
        accounts: [clearing, user, fee, debt],
        // What a reversed deposit left owing is paid back first (issue 32), under the same lock
        // (a Canadian deposit pays it when it leaves its funding window).
        legs: (balances) => {
          const credit = s.amount - s.fee;
          const repay = pending ? 0n : repayment(balances.get(debt.id), credit);
          return [
            { from: clearing, to: debt, amount: repay },
            { from: clearing, to: user, amount: credit - repay },
            { from: clearing, to: fee, amount: s.fee },
          ];
        },
        after: (tx) =>
          pending
            ? new DepositStore(tx).markFunding(s.id, now, depositFundsAt(s.region, now))
            : new DepositStore(tx).markCompleted(s.id, now),
      },
      // The provider already took the money: it is credited even to an account closed since.
      'completion',
    );
  }

  /**
   * The funding sweep (any instance, every second): Canadian deposits whose window has ended
   * move from the funding account to the balance, each once under `deposit:funded:{id}` (a
   * second instance sweeping at the same moment replays the key and moves nothing).
   */
  async fundDue(): Promise<number> {
    let funded = 0;
    for (const s of await new DepositStore(this.d.db).fundingDue(this.d.clock.now(), 50)) {
      if ((await this.fund(s)).status === 'applied') funded += 1;
    }
    return funded;
  }

  private fund(s: PaymentSessionRecord): Promise<MovementOutcome> {
    const from = accountOf.funding(s.uid);
    const to = accountOf.user(s.uid, 'usd');
    const debt = accountOf.debt(s.uid);
    return this.d.wallet.move(
      {
        key: `deposit:funded:${s.id}`,
        kind: 'deposit_funded',
        currency: 'usd',
        ref: `deposit:${s.id}`,
        meta: { sessionId: s.id, amount: String(s.amount - s.fee) },
        accounts: [from, to, debt],
        legs: (balances) => {
          const repay = repayment(balances.get(debt.id), s.amount - s.fee);
          return [
            { from, to: debt, amount: repay },
            { from, to, amount: s.amount - s.fee - repay },
          ];
        },
        after: (tx) => new DepositStore(tx).markCompleted(s.id, this.d.clock.now()),
      },
      // The provider was paid before any closure: the money is the user's whatever happened since.
      'completion',
    );
  }

  async cancelled(reference: string): Promise<void> {
    await new DepositStore(this.d.db).cancelIfOpen(reference);
  }

  /** What may still be deposited this month (WalletSummary.depositRoom). */
  async room(uid: string): Promise<bigint> {
    return (await this.decide(this.d.db, uid, 0n, 'us')).room;
  }

  /** The wallet's list of deposits that did not simply complete (issue 32): last 30 days, 10 newest. */
  async outcomes(uid: string): Promise<DepositOutcomeView[]> {
    const now = this.d.clock.now();
    const since = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
    return (await new DepositStore(this.d.db).outcomes(uid, since, 10)).map((s) => ({
      id: s.id,
      amount: Number(s.amount),
      status: outcomeOf(s, now),
      date: s.createdAt.toISOString(),
    }));
  }

  lastDepositAt(uid: string): Promise<Date | null> {
    return new DepositStore(this.d.db).lastCompletedAt(uid);
  }

  /** The deposit rules against this month's deposits and the active limit, read through `db`. */
  private async decide(db: DbOrTx, uid: string, amount: bigint, region: PaymentRegion) {
    const now = this.d.clock.now();
    const [deposited, latest] = await Promise.all([
      new DepositStore(db).depositedSince(uid, utcMonthStart(now), now),
      new LimitStore(db).latest(uid, 'deposit'),
    ]);
    const limit: SelfLimit | null = isLimitActive(latest, now) ? latest : null;
    return {
      decision: decideDeposit({ amount, region, depositedThisMonth: deposited, limit, now }),
      room: depositRoom(deposited, limit, now),
    };
  }
}

/** A deposit as the wallet lists it: an open checkout past its time is shown expired before the provider says so. */
function outcomeOf(s: PaymentSessionRecord, now: Date): DepositOutcomeView['status'] {
  if (s.status === 'open') return s.expiresAt > now ? 'pending' : 'expired';
  if (s.status === 'funding') return 'pending';
  return s.status === 'failed' || s.status === 'expired' || s.status === 'reversed' ? s.status : 'failed';
}

/** How much of `credit` pays back a debt account's balance (zero or negative: what is owed). */
function repayment(debtBalance: bigint | undefined, credit: bigint): bigint {
  const owed = -(debtBalance ?? 0n);
  return owed < credit ? owed : credit;
}

function refuseUnlessAllowed(d: { decision: ReturnType<typeof decideDeposit> }) {
  if (d.decision.ok) return d.decision.plan;
  throw depositRefused(d.decision.refusal);
}

function depositRefused(r: DepositRefusal): AppError {
  switch (r.reason) {
    case 'belowMinimum':
      return badRequest(TEXTS.depositBelowMinimum, { amount: TEXTS.depositBelowMinimum });
    case 'aboveMaximum':
      return badRequest(TEXTS.depositAboveMaximum, { amount: TEXTS.depositAboveMaximum });
    case 'monthlyCap':
      return new AppError('DEPOSIT_REFUSED', TEXTS.depositMonthlyCap(money(r.room)));
    case 'depositLimit':
      return new AppError('DEPOSIT_REFUSED', TEXTS.depositLimitReached(money(r.room), when(r.until)));
  }
}
