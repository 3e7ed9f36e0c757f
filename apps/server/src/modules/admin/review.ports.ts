import type { Currency } from '@rush/domain';

/**
 * A loss limit in force now (issue 37) and the net loss its current period already counts. The
 * loss-limit rules (which row is in force, where a day, week or month starts, what counts as
 * lost) belong to the wallet's loss limits; the review only reads the figures through this port.
 */
export interface LossLimitInForce {
  uid: string;
  currency: Currency;
  period: 'day' | 'week' | 'month';
  /** Minor units. */
  max: bigint;
  /** The period's net loss so far (domain netLoss over gameMoneyTotals), minor units. */
  lost: bigint;
  /** When the current period began (UTC). */
  periodStart: Date;
}

/** Every player's loss limits in force at `now`, with their use. */
export interface LossLimitUsage {
  inForce(now: Date): Promise<LossLimitInForce[]>;
}

/** Until the loss limits are wired in (composition root), the review lists none. */
export const NO_LOSS_LIMIT_USAGE: LossLimitUsage = { inForce: () => Promise.resolve([]) };
