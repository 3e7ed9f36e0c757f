import type { Currency } from './currency.ts';

/**
 * Issue 37: net-loss limits per currency over a day, an ISO week (from Monday) and a calendar
 * month, all in UTC. Tightening applies at once; loosening (a higher maximum, or lifting the limit)
 * waits 24 hours, so a limit cannot be lifted in the heat of a losing streak.
 */
export const LOSS_PERIODS = ['day', 'week', 'month'] as const;
export type LossPeriod = (typeof LOSS_PERIODS)[number];

export const LOSS_LIMIT_LOOSEN_DELAY_MS = 24 * 3_600_000;

/** "daily", "weekly", "monthly": how the texts and the pane name a period. */
export const LOSS_PERIOD_WORDS: Readonly<Record<LossPeriod, string>> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
};

/** The start of the period containing `now` (UTC): midnight, Monday's midnight, the 1st's midnight. */
export function periodStart(period: LossPeriod, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (period === 'month') return new Date(Date.UTC(y, m, 1));
  if (period === 'day') return new Date(Date.UTC(y, m, d));
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(y, m, d - sinceMonday));
}

/** The start of the next period: where this one ends (exclusive). */
export function periodEnd(period: LossPeriod, now: Date): Date {
  const s = periodStart(period, now);
  if (period === 'month') return new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1));
  return new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate() + (period === 'day' ? 1 : 7)));
}

/** One stored row (rows are only added): `max` in minor units, null = no limit. */
export interface LossLimitRow {
  max: bigint | null;
  effectiveAt: Date;
  /** Rows of one (user, currency, period) are ordered by this: later rows win over earlier ones. */
  seq: bigint | number;
}

const newestFirst = (rows: readonly LossLimitRow[]) =>
  [...rows].sort((a, b) => (BigInt(b.seq) > BigInt(a.seq) ? 1 : BigInt(b.seq) < BigInt(a.seq) ? -1 : 0));

/** The maximum in force now: the newest row already effective; null when none or lifted. */
export function limitInForce(rows: readonly LossLimitRow[], now: Date): bigint | null {
  const row = newestFirst(rows).find((r) => r.effectiveAt.getTime() <= now.getTime());
  return row ? row.max : null;
}

/**
 * A loosening still waiting: the newest row when it takes effect later than now (null max = the
 * limit will be lifted). A tightening set after it replaces it (it is newer and effective at once).
 */
export function pendingChange(
  rows: readonly LossLimitRow[],
  now: Date,
): { max: bigint | null; effectiveAt: Date } | null {
  const newest = newestFirst(rows)[0];
  if (!newest || newest.effectiveAt.getTime() <= now.getTime()) return null;
  return { max: newest.max, effectiveAt: newest.effectiveAt };
}

export type LossLimitDecision =
  | { ok: true; max: bigint | null; effectiveAt: Date; change: 'tighter' | 'looser' | 'same' }
  | { ok: false; reason: 'negative' };

/**
 * When a proposed maximum (null = no limit) takes effect over the one in force: a new limit or a
 * lower maximum at once; a higher one or lifting it after LOSS_LIMIT_LOOSEN_DELAY_MS; the same
 * one at once (it also cancels a waiting loosening).
 */
export function decideLossLimit(current: bigint | null, proposed: bigint | null, now: Date): LossLimitDecision {
  if (proposed !== null && proposed < 0n) return { ok: false, reason: 'negative' };
  const same = current === proposed;
  const tighter = proposed !== null && (current === null || proposed < current);
  if (same || tighter) return { ok: true, max: proposed, effectiveAt: now, change: same ? 'same' : 'tighter' };
  return {
    ok: true,
    max: proposed,
    effectiveAt: new Date(now.getTime() + LOSS_LIMIT_LOOSEN_DELAY_MS),
    change: 'looser',
  };
}

export interface StakeCheck {
  /** The maximum in force per period (absent or null: no limit). */
  limits: Partial<Record<LossPeriod, bigint | null>>;
  /** The net loss so far in each period (domain netLoss), never negative. */
  lossSoFar: Partial<Record<LossPeriod, bigint>>;
  /** Minor units: counted whole, as if lost (the stake's worst case). */
  stake: bigint;
}

export type StakeVerdict = { ok: true } | { ok: false; period: LossPeriod; max: bigint };

/**
 * Whether a stake stays inside every loss limit, counting it as lost: refused when the loss so far
 * plus the stake would pass a limit (reaching it exactly is allowed). The first refusing period in
 * day, week, month order is named.
 */
export function checkStake(c: StakeCheck): StakeVerdict {
  for (const period of LOSS_PERIODS) {
    const max = c.limits[period];
    if (max === null || max === undefined) continue;
    if ((c.lossSoFar[period] ?? 0n) + c.stake > max) return { ok: false, period, max };
  }
  return { ok: true };
}

/** What the pane shows of one limit: in force, used this period, and a waiting loosening. */
export interface LossLimitState {
  currency: Currency;
  period: LossPeriod;
  max: bigint | null;
  used: bigint;
  pending: { max: bigint | null; effectiveAt: Date } | null;
}
