import { units } from './currency.ts';

/** SPEC 9 deposits: max US$3,000 a month, minimum $10, presets, custom 0-10000 clamped. */
export const MONTHLY_DEPOSIT_CAP = units(3000);
export const MIN_DEPOSIT = units(10);
export const DEPOSIT_PRESETS = [units(20), units(50), units(100), units(200)] as const;
export const CUSTOM_DEPOSIT_MAX_UNITS = 10000;
export const CANADIAN_DEPOSIT_FEE = 50n;
export const CANADIAN_WITHDRAWAL_FEE = 200n;
/** SPEC 9: withdrawals may be blocked this long after the last deposit. */
export const WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS = 48;
export const WITHDRAW_BLOCK_AFTER_DEPOSIT_MS = WITHDRAW_BLOCK_AFTER_DEPOSIT_HOURS * 3600 * 1000;
/**
 * SPEC 9: US withdrawals above $600 need tax information. The payment provider collects it, so
 * no rule here reads it; it lives with the other limits so the Terms, FAQ and Privacy quote one figure.
 */
export const US_TAX_INFO_THRESHOLD = units(600);
/** SPEC 4, 9: restrictions are active 5 minutes after their timestamp. */
export const RESTRICTION_WINDOW_MS = 300_000;

/** SPEC 3: deposit_limit and bet_limit {bet, until}; `max` here is in minor units. */
export interface SelfLimit {
  max: bigint;
  until: Date;
}

/** SPEC 4: a self-limit is active while until is later than now. */
export const isLimitActive = (limit: SelfLimit | null | undefined, now: Date): limit is SelfLimit =>
  !!limit && limit.until.getTime() > now.getTime();

export type LimitDecision = { ok: true; limit: SelfLimit } | { ok: false; reason: 'expired' | 'looser' | 'negative' };

/**
 * A stricter limit (lower or equal maximum, lasting at least as long) applies at once; a looser
 * one cannot replace an active limit before it expires.
 */
export function decideLimit(current: SelfLimit | null, proposed: SelfLimit, now: Date): LimitDecision {
  if (proposed.max < 0n) return { ok: false, reason: 'negative' };
  if (proposed.until.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (!isLimitActive(current, now)) return { ok: true, limit: proposed };
  const stricter = proposed.max <= current.max && proposed.until.getTime() >= current.until.getTime();
  return stricter ? { ok: true, limit: proposed } : { ok: false, reason: 'looser' };
}

/** SPEC 5: the custom deposit is clamped to 0-10000 (whole dollars), in cents. */
export function clampCustomDeposit(dollars: number): bigint {
  if (!Number.isFinite(dollars)) return 0n;
  return units(Math.min(CUSTOM_DEPOSIT_MAX_UNITS, Math.max(0, Math.floor(dollars))));
}

/** SPEC 4: presets shown only with no active deposit limit or a limit above the amount. */
export const presetVisible = (amount: bigint, limit: SelfLimit | null, now: Date): boolean =>
  !isLimitActive(limit, now) || limit.max > amount;

/** How much more may be deposited this calendar month under the cap and an active limit. */
export function depositRoom(depositedThisMonth: bigint, limit: SelfLimit | null, now: Date): bigint {
  let room = MONTHLY_DEPOSIT_CAP - depositedThisMonth;
  if (isLimitActive(limit, now)) room = room < limit.max - depositedThisMonth ? room : limit.max - depositedThisMonth;
  return room > 0n ? room : 0n;
}
