import { z } from 'zod';
import { COOL_OFF_CHOICES, CURRENCIES, LOSS_PERIODS } from '@rush/domain';

/*
 * Issue 37: a break (cool-off) and loss limits, set on the Gaming pane and shown on the wallet
 * summary (and the break's end in `Me`, for the header and the screens that start games).
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** POST WALLET_ROUTES.coolOff: take a break of this length (it cannot be shortened). */
export const StartCoolOffRequest = z.object({ choice: z.enum(COOL_OFF_CHOICES) });
export type StartCoolOffRequest = z.infer<typeof StartCoolOffRequest>;

/**
 * PUT WALLET_ROUTES.lossLimits: one currency's limit over one period, in minor units; null lifts
 * it. A lower limit applies at once; a higher one or lifting it waits 24 hours (answered as
 * `pending` on the summary).
 */
export const SetLossLimitRequest = z.object({
  currency: z.enum(CURRENCIES),
  period: z.enum(LOSS_PERIODS),
  max: minor.nullable(),
});
export type SetLossLimitRequest = z.infer<typeof SetLossLimitRequest>;

/** One currency's limit over one period: in force, used this period, a loosening still waiting. */
export const LossLimitView = z.object({
  currency: z.enum(CURRENCIES),
  period: z.enum(LOSS_PERIODS),
  /** Null: no limit in force. */
  max: minor.nullable(),
  /** The net loss in the current period (never negative). */
  used: minor,
  /** When the current period ends (UTC), and `used` starts again from zero. */
  resetsAt: z.string(),
  pending: z.object({ max: minor.nullable(), effectiveAt: z.string() }).nullable(),
});
export type LossLimitView = z.infer<typeof LossLimitView>;
