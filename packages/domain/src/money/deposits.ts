import { units } from './currency.ts';
import {
  CANADIAN_DEPOSIT_FEE,
  CUSTOM_DEPOSIT_MAX_UNITS,
  MIN_DEPOSIT,
  MONTHLY_DEPOSIT_CAP,
  depositRoom,
  isLimitActive,
  type SelfLimit,
} from './limits.ts';

/** The two deposit/withdraw flows of the wallet screen: default (US) and "for Canadian Users". */
export const PAYMENT_REGIONS = ['us', 'ca'] as const;
export type PaymentRegion = (typeof PAYMENT_REGIONS)[number];

/** SPEC 5: the custom amount is clamped to 0-10000 dollars, so nothing above is a valid deposit. */
export const MAX_DEPOSIT = units(CUSTOM_DEPOSIT_MAX_UNITS);

/** What a deposit of `amount` does to the ledger: the user gets `credit`, the platform `fee`. */
export interface DepositPlan {
  amount: bigint;
  fee: bigint;
  credit: bigint;
}

export type DepositRefusal =
  | { reason: 'belowMinimum' }
  | { reason: 'aboveMaximum' }
  | { reason: 'monthlyCap'; room: bigint }
  | { reason: 'depositLimit'; room: bigint; until: Date };

export type DepositDecision = { ok: true; plan: DepositPlan } | { ok: false; refusal: DepositRefusal };

/** SPEC 9: Canadian deposits carry a US$0.50 fee, taken from the amount deposited. */
export function depositPlan(amount: bigint, region: PaymentRegion): DepositPlan {
  const fee = region === 'ca' ? CANADIAN_DEPOSIT_FEE : 0n;
  return { amount, fee, credit: amount - fee };
}

/** The first instant of the UTC calendar month of `now` (the unit of the monthly cap). */
export function utcMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * SPEC 5, 9 and the deposit self-limit: at least $10, at most the custom maximum, and within the
 * room left this month under the US$3,000 cap and an active deposit limit (whichever binds).
 * `depositedThisMonth` counts every deposit of the month, including ones still being paid.
 */
export function decideDeposit(opts: {
  amount: bigint;
  region: PaymentRegion;
  depositedThisMonth: bigint;
  limit: SelfLimit | null;
  now: Date;
}): DepositDecision {
  const { amount, limit, now } = opts;
  if (amount < MIN_DEPOSIT) return { ok: false, refusal: { reason: 'belowMinimum' } };
  if (amount > MAX_DEPOSIT) return { ok: false, refusal: { reason: 'aboveMaximum' } };
  const room = depositRoom(opts.depositedThisMonth, limit, now);
  if (amount > room) {
    const limitBinds = isLimitActive(limit, now) && limit.max < MONTHLY_DEPOSIT_CAP;
    return {
      ok: false,
      refusal: limitBinds ? { reason: 'depositLimit', room, until: limit.until } : { reason: 'monthlyCap', room },
    };
  }
  return { ok: true, plan: depositPlan(amount, opts.region) };
}
