import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CANADA_TEXTS,
  decideWithdrawal,
  FAIRPLAY_TEXTS,
  TAX_TEXTS,
  taxInfoNeeded,
  TEXTS,
  unwageredDeposits,
  utcYearStart,
  withdrawableAmount,
  withdrawBlock,
  type CanadianWithdrawalDecision,
  type PaymentRegion,
  type WithdrawalPlan,
  type WithdrawBlock,
  type WithdrawRefusal,
} from '@rush/domain';
import type { AdminCanadianWithdrawal, DeviceGps, WalletTransaction } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { playerRequestMail, supportRequestMail } from './canada-mail.ts';
import { DepositStore } from './deposits.store.ts';
import { money } from './format.ts';
import { movementByKey, readBalance, type MovementOutcome } from './ledger.store.ts';
import type { IdentityPort } from './identity/port.ts';
import { requirePayLocation } from './pay-location.ts';
import { PayoutRefused, ProviderUnavailable, type PaymentsPort, type PayoutOutcome } from './payments/port.ts';
import type { Movements, SuspicionCheck } from './ports.ts';
import { RestrictionStore } from './restrictions.store.ts';
import { TaxStore } from './tax.store.ts';
import { wageringEvents } from './wagering.store.ts';
import { WithdrawalStore, type WithdrawalRecord } from './withdrawals.store.ts';

/** A request the provider has not acknowledged after this long is sent again by the sweep. */
export const RESEND_AFTER_MS = 30_000;

/**
 * The id of the withdrawal a user's Idempotency-Key names: a UUID (version 8, RFC 9562) from the
 * SHA-256 of both, so a resend finds it and two users' keys never meet. The key's alphabet has
 * no NUL, so the pair is read back unambiguously.
 */
export function withdrawalIdFor(uid: string, key: string): string {
  const b = crypto.createHash('sha256').update(`withdrawal\0${uid}\0${key}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface WithdrawalDeps {
  db: Db;
  clock: Clock;
  /** The wallet's movements (its closed-account rule and balance events apply). */
  wallet: Movements;
  payments: PaymentsPort;
  /** The location check at withdrawal (issue 16), the deposit's own. */
  identity: IdentityPort;
  /**
   * SPEC 1, 9 "suspected cheaters cannot withdraw until review": fair play (issue 14) tells
   * whether a user has a held payout or an open system flag.
   */
  suspicion: SuspicionCheck;
  supportEmail: string;
  log: FastifyBaseLogger;
  /** Canadian requests go to support by e-mail, with a confirmation to the player (issue 16). */
  mailer: Mailer;
  appUrl: string;
  productName: string;
}

export interface WithdrawStanding {
  balance: bigint;
  withdrawable: bigint;
  block: WithdrawBlock | null;
  /** What a reversed deposit left owing (issue 32). */
  owed: bigint;
}

/**
 * Withdrawals (SPEC 4, 9): refused or disabled by the rules, else held in the user's
 * withdrawal account (pending) while the provider pays out, then completed or rejected on the
 * provider's answer, once, under `withdraw:resolve:{id}`. Canadian withdrawals (SPEC 9 "by
 * email request") are never sent to the provider: the request is mailed to support and an
 * admin completes or rejects it in the console, under the same key. A US withdrawal that takes
 * the year's withdrawals above $600.00 needs the player's tax details first.
 */
export class WithdrawalService {
  constructor(private readonly d: WithdrawalDeps) {}

  /** Why Withdraw is disabled, and how much may leave now (WalletSummary). */
  async standing(user: { id: string; banned: boolean; closed?: boolean }): Promise<WithdrawStanding> {
    const balance = await readBalance(this.d.db, accountOf.user(user.id, 'usd').id);
    const unwagered = unwageredDeposits(await wageringEvents(this.d.db, user.id));
    const [block, owed] = await Promise.all([this.block(user), this.owed(user.id)]);
    return { balance, withdrawable: withdrawableAmount(balance, unwagered, user.closed === true), block, owed };
  }

  blockText(block: WithdrawBlock, owed?: bigint): string {
    if (block === 'fairplay') return FAIRPLAY_TEXTS.withdrawalOnHold;
    if (block === 'debt') return TEXTS.depositDebt(money(owed ?? 0n));
    return block === 'banned'
      ? TEXTS.loginDisabled(this.d.supportEmail)
      : block === 'reported'
        ? TEXTS.withdrawReported
        : TEXTS.withdrawAfterDeposit;
  }

  /**
   * The rules are decided first (cheap, and the player's own doing), then the location (SPEC 1,
   * issue 16: checked at withdrawal as at deposit), then every rule again under the lock of the
   * user's USD account, with the balance and the wagering read inside the transaction: of many
   * requests at once against one balance, only as many pass as it covers.
   *
   * With the client's `key` (the Idempotency-Key header) the withdrawal's id is derived from the
   * user and the key, so its ledger key `withdraw:{id}` is the same on every resend: a request
   * already made answers the transaction it made, as it stands now, without deciding the rules
   * again (its own hold lowered the balance) and without a second payout request or mail; with
   * another amount or region it is a CONFLICT. Of two at once, the ledger key lets one hold the
   * money; the other answers what that one made.
   */
  async request(
    user: { id: string; username: string; banned: boolean; closed?: boolean; email?: string | null },
    input: { amount: number; region: PaymentRegion; deviceGps?: DeviceGps | undefined },
    ip: string | null,
    key?: string,
  ): Promise<WalletTransaction> {
    const amount = BigInt(input.amount);
    const ask = { amount, region: input.region };
    const id = key === undefined ? crypto.randomUUID() : withdrawalIdFor(user.id, key);
    if (key !== undefined) {
      const made = await this.madeBefore(id, user, ask);
      if (made) return made;
    }
    let outcome: MovementOutcome;
    try {
      outcome = await this.hold(id, user, input, amount, ip);
    } catch (e) {
      // A twin with the same key committed while this one decided against the balance it had already lowered.
      const made = key !== undefined && e instanceof AppError ? await this.madeBefore(id, user, ask) : null;
      if (made) return made;
      throw e;
    }
    if (outcome.status === 'replayed') {
      const made = await this.madeBefore(id, user, ask);
      if (!made) throw new Error(`withdrawal ${id} has a movement but no row`);
      return made;
    }
    const record = await new WithdrawalStore(this.d.db).find(id);
    if (record?.region === 'ca') this.mailCanadianRequest(record, user);
    else if (record) await this.send(record);
    return {
      id: outcome.movementId.toString(),
      type: 'withdraw',
      amount: Number(amount),
      fee: Number(record?.fee ?? 0n),
      currency: 'usd',
      status: 'pending',
      completed: false,
      notes: { result: null },
      source: user.username,
      destination: null,
      date: (record?.requestedAt ?? this.d.clock.now()).toISOString(),
    };
  }

  /** The rules, the location, then the hold and the withdrawal row in one transaction (a replayed key holds nothing). */
  private async hold(
    id: string,
    user: { id: string; banned: boolean; closed?: boolean },
    input: { region: PaymentRegion; deviceGps?: DeviceGps | undefined },
    amount: bigint,
    ip: string | null,
  ): Promise<MovementOutcome> {
    const block = await this.block(user);
    const now = this.d.clock.now();
    const from = accountOf.user(user.id, 'usd');
    const held = accountOf.withdrawal(user.id);
    const closed = user.closed === true;
    const ask = { uid: user.id, amount, region: input.region, block, now, closed };
    await this.decide(this.d.db, ask, await readBalance(this.d.db, from.id));
    await requirePayLocation(this.d.identity, {
      uid: user.id,
      deviceGps: input.deviceGps,
      ip,
      amount,
      region: input.region,
      purpose: 'withdrawal',
    });
    let plan: WithdrawalPlan | null = null;
    // A closed account's owner takes their own money out (issue 33): the one movement its frozen
    // balance still allows (the wallet checks closure under the locks for every other).
    const authority = closed ? 'exit' : undefined;
    return this.d.wallet.move(
      {
        key: `withdraw:${id}`,
        kind: 'withdraw',
        currency: 'usd',
        ref: `withdrawal:${id}`,
        meta: { withdrawalId: id, region: input.region, amount: String(amount) },
        accounts: [from, held],
        legs: async (balances, tx) => {
          plan = await this.decide(tx, ask, balances.get(from.id) ?? 0n);
          return [{ from, to: held, amount }];
        },
        after: (tx: DbOrTx) =>
          new WithdrawalStore(tx).insert({
            id,
            uid: user.id,
            amount,
            fee: plan!.fee,
            region: input.region,
            requestedAt: now,
          }),
      },
      authority,
    );
  }

  /**
   * The withdrawal an earlier request with the same key made, as its transaction row shows it now
   * (the status may have moved on); null if none was made. Another amount or region: CONFLICT.
   */
  private async madeBefore(
    id: string,
    user: { id: string; username: string },
    ask: { amount: bigint; region: PaymentRegion },
  ): Promise<WalletTransaction | null> {
    const w = await new WithdrawalStore(this.d.db).find(id);
    if (!w) return null;
    if (w.uid !== user.id || w.amount !== ask.amount || w.region !== ask.region)
      throw new AppError('CONFLICT', TEXTS.withdrawKeyReused);
    const movement = await movementByKey(this.d.db, `withdraw:${id}`);
    if (!movement) throw new Error(`withdrawal ${id} has a row but no movement`);
    return {
      id: movement.id.toString(),
      type: 'withdraw',
      amount: Number(w.amount),
      fee: Number(w.fee),
      currency: 'usd',
      status: w.status,
      completed: w.status === 'completed',
      notes: { result: null },
      source: user.username,
      destination: null,
      date: w.requestedAt.toISOString(),
    };
  }

  /** Every rule of a withdrawal on `balance`, throwing the refusal; SPEC 9's tax prompt included. */
  private async decide(
    db: DbOrTx,
    ask: {
      uid: string;
      amount: bigint;
      region: PaymentRegion;
      block: WithdrawBlock | null;
      now: Date;
      closed: boolean;
    },
    balance: bigint,
  ): Promise<WithdrawalPlan> {
    const { uid, amount, region, block, now, closed } = ask;
    const withdrawable = withdrawableAmount(balance, unwageredDeposits(await wageringEvents(db, uid)), closed);
    const decision = decideWithdrawal({ amount, region, balance, withdrawable, block });
    if (!decision.ok)
      throw this.refusal(decision.reason, withdrawable, decision.reason === 'debt' ? await this.owed(uid) : undefined);
    // SPEC 9: under the lock, two requests at once are added up.
    if (region === 'us') {
      const thisYear = await new WithdrawalStore(db).totalSince(uid, utcYearStart(now));
      if (taxInfoNeeded('us', thisYear, amount) && !(await new TaxStore(db).exists(uid)))
        throw new AppError('TAX_INFO_REQUIRED', TAX_TEXTS.required(money(thisYear + amount)));
    }
    return decision.plan;
  }

  /** The provider answered a payout: the held money leaves (fee to the platform) or comes back. */
  async resolve(reference: string, outcome: 'completed' | 'rejected', amount: bigint): Promise<MovementOutcome> {
    const w = await new WithdrawalStore(this.d.db).find(reference);
    if (!w) throw notFound();
    if (w.region === 'ca') {
      // Canadian requests are never sent to the provider: an answer about one is not ours to apply.
      this.d.log.error({ withdrawal: w.id }, 'payout answer for a Canadian e-mail request');
      throw badRequest();
    }
    if (w.amount !== amount) {
      this.d.log.error({ withdrawal: w.id, expected: String(w.amount), got: String(amount) }, 'payout amount mismatch');
      throw badRequest();
    }
    // The provider has answered: the outcome is applied even if the account closed since.
    return this.applyResolution(w, outcome, 'completion');
  }

  /** The held money leaves (fee to the platform) or comes back, once, with `also` in the same transaction. */
  private applyResolution(
    w: WithdrawalRecord,
    outcome: 'completed' | 'rejected',
    authority: 'completion' | 'admin',
    also?: (tx: DbOrTx) => Promise<void>,
  ): Promise<MovementOutcome> {
    const held = accountOf.withdrawal(w.uid);
    const clearing = accountOf.clearing('usd');
    const fee = accountOf.fee('usd');
    const back = accountOf.user(w.uid, 'usd');
    const completed = outcome === 'completed';
    return this.d.wallet.move(
      {
        key: `withdraw:resolve:${w.id}`,
        kind: completed ? 'withdraw_complete' : 'withdraw_reject',
        currency: 'usd',
        ref: `withdrawal:${w.id}`,
        meta: { withdrawalId: w.id },
        accounts: completed ? [held, clearing, fee] : [held, back],
        legs: () =>
          completed
            ? [
                { from: held, to: clearing, amount: w.amount - w.fee },
                { from: held, to: fee, amount: w.fee },
              ]
            : [{ from: held, to: back, amount: w.amount }],
        after: async (tx) => {
          await new WithdrawalStore(tx).resolve(w.id, outcome, this.d.clock.now());
          if (also) await also(tx);
        },
      },
      authority,
    );
  }

  /** After the hold committed: the request to support and the confirmation to the player, each logged if it fails. */
  private mailCanadianRequest(
    w: WithdrawalRecord,
    user: { id: string; username: string; email?: string | null },
  ): void {
    const facts = { ...w, username: user.username, email: user.email ?? null };
    const site = { appUrl: this.d.appUrl, productName: this.d.productName, supportEmail: this.d.supportEmail };
    const mails: Mail[] = [supportRequestMail(facts, site)];
    if (facts.email) mails.push(playerRequestMail({ ...facts, email: facts.email }, site));
    for (const mail of mails) {
      this.d.mailer
        .send(mail)
        .catch((err: unknown) => this.d.log.error({ err, withdrawal: w.id, subject: mail.subject }, 'mail not sent'));
    }
  }

  /**
   * An admin completes (paid out by support: the held money leaves, fee to the platform) or
   * rejects (the held money returns) a Canadian request. One key for both outcomes
   * (`withdraw:resolve:{id}`): of two admins, or a complete racing a reject, exactly one moves
   * money and writes its audit row (`audit`, in the movement's transaction); the other gets 409
   * naming what happened.
   */
  async decideCanadian(
    id: string,
    decision: CanadianWithdrawalDecision,
    audit: ChangeHook,
  ): Promise<AdminCanadianWithdrawal> {
    const w = await new WithdrawalStore(this.d.db).find(id);
    if (!w) throw notFound();
    if (w.region !== 'ca') throw new AppError('CONFLICT', CANADA_TEXTS.notCanadian);
    const outcome = decision === 'complete' ? 'completed' : 'rejected';
    const moved = await this.applyResolution(w, outcome, 'admin', (tx) =>
      audit(tx, {
        before: { status: 'pending', amount: String(w.amount), fee: String(w.fee), uid: w.uid },
        after: { status: outcome, amount: String(w.amount), fee: String(w.fee), uid: w.uid },
      }),
    );
    if (moved.status === 'replayed') {
      const prior = await movementByKey(this.d.db, `withdraw:resolve:${w.id}`);
      throw new AppError(
        'CONFLICT',
        prior?.kind === 'withdraw_complete' ? CANADA_TEXTS.alreadyCompleted : CANADA_TEXTS.alreadyRejected,
      );
    }
    const [row] = await new WithdrawalStore(this.d.db).canadian({ id: w.id });
    if (!row) throw notFound();
    return row;
  }

  /** The console's list: open Canadian requests oldest first, then the latest decided ones. */
  async canadianRequests(): Promise<AdminCanadianWithdrawal[]> {
    const store = new WithdrawalStore(this.d.db);
    const [pending, decided] = await Promise.all([
      store.canadian({ status: 'pending' }),
      store.canadian({ decided: true }),
    ]);
    return [...pending, ...decided];
  }

  /**
   * Requests the provider never acknowledged (a lost answer, a crash in between): each is looked
   * for at the provider first, and sent again (under the same idempotency key) only if it shows
   * none. The held money never returns on an unanswered request.
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
    if (outcome.state === 'completed') await this.applyResolution(w, 'completed', 'completion');
    else if (outcome.state === 'failed' && outcome.refundable) await this.applyResolution(w, 'rejected', 'completion');
  }

  private async send(w: WithdrawalRecord): Promise<void> {
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
        await this.resolve(w.id, 'rejected', w.amount);
        return;
      }
      // Ambiguous (a timeout, a 5xx, any 4xx: the payout may exist): held until read back.
      this.d.log.warn({ err, withdrawal: w.id }, 'payout request unanswered; read back and resent by the sweep');
    }
  }

  private async block(user: { id: string; banned: boolean }): Promise<WithdrawBlock | null> {
    const [restrictions, lastDepositAt, suspected, owed] = await Promise.all([
      new RestrictionStore(this.d.db).list(user.id),
      new DepositStore(this.d.db).lastCompletedAt(user.id),
      this.d.suspicion(user.id),
      this.owed(user.id),
    ]);
    return withdrawBlock({
      banned: user.banned,
      restrictions,
      lastDepositAt,
      now: this.d.clock.now(),
      suspected,
      owed,
    });
  }

  /** What a reversed deposit left this user owing (issue 32), in cents. */
  async owed(uid: string): Promise<bigint> {
    return -(await readBalance(this.d.db, accountOf.debt(uid).id));
  }

  private refusal(reason: WithdrawRefusal, withdrawable: bigint, owed?: bigint): AppError {
    switch (reason) {
      case 'banned':
      case 'fairplay':
      case 'reported':
      case 'recentDeposit':
      case 'debt':
        return new AppError('WITHDRAW_DISABLED', this.blockText(reason, owed));
      case 'zero':
        return badRequest(TEXTS.withdrawAmountRequired, { amount: TEXTS.withdrawAmountRequired });
      case 'belowFee':
        return badRequest(TEXTS.withdrawBelowFee, { amount: TEXTS.withdrawBelowFee });
      case 'insufficient':
        return new AppError('INSUFFICIENT_FUNDS', TEXTS.withdrawInsufficient);
      case 'notWagered':
        return new AppError('INSUFFICIENT_FUNDS', TEXTS.withdrawNotWagered(money(withdrawable)));
    }
  }
}
