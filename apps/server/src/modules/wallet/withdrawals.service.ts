import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  TEXTS,
  type CanadianWithdrawalDecision,
  type PaymentRegion,
  type WithdrawalPlan,
  type WithdrawBlock,
} from '@rush/domain';
import type { AdminCanadianWithdrawal, DeviceGps, WalletTransaction } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { AppError } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { mailCanadianRequest } from './canada-mail.ts';
import { movementByKey, readBalance, type MovementOutcome } from './ledger.store.ts';
import type { IdentityPort } from './identity/port.ts';
import { requirePayLocation } from './pay-location.ts';
import type { PaymentsPort } from './payments/port.ts';
import type { Movements, SuspicionCheck } from './ports.ts';
import { WithdrawalPayouts } from './withdrawal-payouts.ts';
import { WithdrawalResolutions } from './withdrawal-resolutions.ts';
import { WithdrawalRules, type WithdrawStanding } from './withdrawal-rules.ts';
import { WithdrawalStore } from './withdrawals.store.ts';

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

/**
 * Withdrawals (SPEC 4, 9): refused or disabled by the rules, else held in the user's
 * withdrawal account (pending) while the provider pays out, then completed or rejected on the
 * provider's answer, once, under `withdraw:resolve:{id}`. Canadian withdrawals (SPEC 9 "by
 * email request") are never sent to the provider: the request is mailed to support and an
 * admin completes or rejects it in the console, under the same key. A US withdrawal that takes
 * the year's withdrawals above $600.00 needs the player's tax details first.
 *
 * This file holds the request (the hold under `withdraw:{id}`); the rules are in
 * withdrawal-rules.ts, the end of a withdrawal in withdrawal-resolutions.ts, the provider's side
 * (payout request, read-back sweeps) in withdrawal-payouts.ts.
 */
export class WithdrawalService {
  private readonly rules: WithdrawalRules;
  private readonly resolutions: WithdrawalResolutions;
  private readonly payouts: WithdrawalPayouts;

  constructor(private readonly d: WithdrawalDeps) {
    this.rules = new WithdrawalRules(d);
    this.resolutions = new WithdrawalResolutions(d);
    this.payouts = new WithdrawalPayouts(d, this.resolutions);
  }

  /** Why Withdraw is disabled, and how much may leave now (WalletSummary). */
  standing(user: { id: string; banned: boolean; closed?: boolean }): Promise<WithdrawStanding> {
    return this.rules.standing(user);
  }

  blockText(block: WithdrawBlock, owed?: bigint): string {
    return this.rules.blockText(block, owed);
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
    if (record?.region === 'ca') mailCanadianRequest(this.d, record, user);
    else if (record) await this.payouts.send(record);
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
    const block = await this.rules.block(user);
    const now = this.d.clock.now();
    const from = accountOf.user(user.id, 'usd');
    const held = accountOf.withdrawal(user.id);
    const closed = user.closed === true;
    const ask = { uid: user.id, amount, region: input.region, block, now, closed };
    await this.rules.decide(this.d.db, ask, await readBalance(this.d.db, from.id));
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
          plan = await this.rules.decide(tx, ask, balances.get(from.id) ?? 0n);
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

  /** The provider answered a payout: the held money leaves (fee to the platform) or comes back. */
  resolve(reference: string, outcome: 'completed' | 'rejected', amount: bigint): Promise<MovementOutcome> {
    return this.resolutions.resolve(reference, outcome, amount);
  }

  /** An admin completes or rejects a Canadian request, once (withdrawal-resolutions.ts). */
  decideCanadian(
    id: string,
    decision: CanadianWithdrawalDecision,
    audit: ChangeHook,
  ): Promise<AdminCanadianWithdrawal> {
    return this.resolutions.decideCanadian(id, decision, audit);
  }

  /** The console's list: open Canadian requests oldest first, then the latest decided ones. */
  canadianRequests(): Promise<AdminCanadianWithdrawal[]> {
    return this.resolutions.canadianRequests();
  }

  /** The sweep: requests the provider never acknowledged, read back and sent again if it has none. */
  resendUnsent(): Promise<void> {
    return this.payouts.resendUnsent();
  }

  /** The slower sweep: acknowledged payouts still pending are read back. */
  reconcileSent(): Promise<void> {
    return this.payouts.reconcileSent();
  }

  /** A notification about a user's payouts (or one of them): each still pending is read back. */
  checkPayouts(which: { uid: string; reference: string | null }): Promise<void> {
    return this.payouts.checkPayouts(which);
  }

  /** What a reversed deposit left this user owing (issue 32), in cents. */
  owed(uid: string): Promise<bigint> {
    return this.rules.owed(uid);
  }
}
