import type { PaymentRegion } from './deposits.ts';
import { CANADIAN_WITHDRAWAL_FEE, RESTRICTION_WINDOW_MS, WITHDRAW_BLOCK_AFTER_DEPOSIT_MS } from './limits.ts';

/**
 * SPEC 9: "Money must be played before withdrawal". The events of a user's USD account that
 * matter, oldest first: money deposited through the provider, stakes wagered into an escrow,
 * stakes given back by a cancelled game (`unwager`, same `ref` as the stake) and money an admin
 * took out (`removed`). Winnings and admin deposits carry no requirement.
 */
export type WageringEvent =
  | { kind: 'deposit'; amount: bigint }
  | { kind: 'wager'; ref: string; amount: bigint }
  | { kind: 'unwager'; ref: string; amount: bigint }
  | { kind: 'removed'; amount: bigint };

/**
 * Deposited money not yet wagered once. A stake consumes the requirement up to its size; a
 * refunded stake gives back exactly what it consumed (a cancelled game is no wager), so a
 * stake-and-refund pair changes nothing.
 */
export function unwageredDeposits(events: readonly WageringEvent[]): bigint {
  let required = 0n;
  const consumed = new Map<string, bigint>();
  for (const e of events) {
    switch (e.kind) {
      case 'deposit':
        required += e.amount;
        break;
      case 'wager': {
        const used = e.amount < required ? e.amount : required;
        required -= used;
        consumed.set(e.ref, (consumed.get(e.ref) ?? 0n) + used);
        break;
      }
      case 'unwager': {
        const had = consumed.get(e.ref) ?? 0n;
        const back = e.amount < had ? e.amount : had;
        required += back;
        consumed.set(e.ref, had - back);
        break;
      }
      case 'removed':
        required = e.amount < required ? required - e.amount : 0n;
        break;
    }
  }
  return required;
}

/**
 * What may leave the platform now: the balance minus unwagered deposits, never above the balance.
 * A closed (self-excluded) account can never play again, so the play-through no longer applies:
 * its whole balance may leave (issue 33: responsible gaming never freezes a player's money).
 */
export function withdrawableAmount(balance: bigint, unwagered: bigint, accountClosed = false): bigint {
  if (balance <= 0n) return 0n;
  if (accountClosed) return balance;
  const free = balance - unwagered;
  return free < 0n ? 0n : free > balance ? balance : free;
}

export type RestrictionKind = 'banned' | 'reported';
export interface Restriction {
  kind: RestrictionKind;
  createdAt: Date;
}

/** SPEC 4: a restriction is active 5 minutes after its timestamp. */
export const restrictionActive = (r: Restriction, now: Date): boolean =>
  now.getTime() - r.createdAt.getTime() >= RESTRICTION_WINDOW_MS;

export type WithdrawBlock = 'banned' | 'fairplay' | 'reported' | 'debt' | 'recentDeposit';

/**
 * SPEC 4, 9: why Withdraw is disabled right now, the strongest reason first (a ban outranks a
 * fair-play review, issue 14: "suspected cheaters cannot withdraw until review", which outranks
 * a report, which outranks a debt, which outranks the 48 hours after the last deposit); null
 * when it is enabled. `suspected`: a held payout or an open system flag. `owed`: what a reversed
 * deposit left the user owing (issue 32), in cents; while any is owed nothing may leave.
 */
export function withdrawBlock(opts: {
  banned: boolean;
  restrictions: readonly Restriction[];
  lastDepositAt: Date | null;
  now: Date;
  suspected?: boolean;
  owed?: bigint;
}): WithdrawBlock | null {
  const active = opts.restrictions.filter((r) => restrictionActive(r, opts.now));
  if (opts.banned || active.some((r) => r.kind === 'banned')) return 'banned';
  if (opts.suspected) return 'fairplay';
  if (active.some((r) => r.kind === 'reported')) return 'reported';
  if ((opts.owed ?? 0n) > 0n) return 'debt';
  if (opts.lastDepositAt && opts.now.getTime() - opts.lastDepositAt.getTime() < WITHDRAW_BLOCK_AFTER_DEPOSIT_MS) {
    return 'recentDeposit';
  }
  return null;
}

/** What a withdrawal of `amount` does: it leaves the balance whole; the user receives `payout`. */
export interface WithdrawalPlan {
  amount: bigint;
  fee: bigint;
  payout: bigint;
}

export type WithdrawRefusal = WithdrawBlock | 'zero' | 'belowFee' | 'insufficient' | 'notWagered';
export type WithdrawDecision = { ok: true; plan: WithdrawalPlan } | { ok: false; reason: WithdrawRefusal };

/** SPEC 9: Canadian withdrawals carry a US$2.00 fee, taken from the amount withdrawn. */
export function withdrawalPlan(amount: bigint, region: PaymentRegion): WithdrawalPlan {
  const fee = region === 'ca' ? CANADIAN_WITHDRAWAL_FEE : 0n;
  return { amount, fee, payout: amount - fee };
}

/** SPEC 4, 9: every rule a withdrawal request must pass, in the order the user should hear them. */
export function decideWithdrawal(opts: {
  amount: bigint;
  region: PaymentRegion;
  balance: bigint;
  withdrawable: bigint;
  block: WithdrawBlock | null;
}): WithdrawDecision {
  if (opts.block) return { ok: false, reason: opts.block };
  if (opts.amount <= 0n) return { ok: false, reason: 'zero' };
  const plan = withdrawalPlan(opts.amount, opts.region);
  if (plan.payout <= 0n) return { ok: false, reason: 'belowFee' };
  if (opts.amount > opts.balance) return { ok: false, reason: 'insufficient' };
  if (opts.amount > opts.withdrawable) return { ok: false, reason: 'notWagered' };
  return { ok: true, plan };
}
