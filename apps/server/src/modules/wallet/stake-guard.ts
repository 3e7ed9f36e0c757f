import {
  breakEndText,
  checkStake,
  formatAmount,
  gameMoneyTotals,
  LOSS_PERIOD_WORDS,
  LOSS_PERIODS,
  limitInForce,
  netLoss,
  periodStart,
  TEXTS,
  type Currency,
  type LossPeriod,
  type LossRoom,
} from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { gameMoneyFlows } from './game-money.store.ts';
import { ResponsibleStore } from './responsible.store.ts';

/** A stake refused because its owner is taking a break (issue 37); nothing was moved. A 403 COOL_OFF. */
export class CoolOffError extends AppError {
  constructor(
    readonly uid: string,
    readonly until: Date,
  ) {
    super('COOL_OFF', TEXTS.coolOffActive(breakEndText(until)));
    this.name = 'CoolOffError';
  }
}

/** A stake that, counted as lost, would pass a loss limit (issue 37); nothing was moved. A 409 LOSS_LIMIT. */
export class LossLimitError extends AppError {
  constructor(
    readonly uid: string,
    readonly period: LossPeriod,
    max: bigint,
    currency: Currency,
  ) {
    super('LOSS_LIMIT', TEXTS.lossLimitPassed(LOSS_PERIOD_WORDS[period], formatAmount(max, currency)));
    this.name = 'LossLimitError';
  }
}

/**
 * The limits in force at `now` and the net loss so far in each of their periods, from the ledger
 * (one read from the earliest period start). Periods with no limit are left out, and a user with
 * no limit at all costs one small read.
 */
export async function lossRoomOf(db: DbOrTx, uid: string, currency: Currency, now: Date): Promise<LossRoom | null> {
  const rows = (await new ResponsibleStore(db).lossLimitRows(uid))[currency];
  const limits: Partial<Record<LossPeriod, bigint>> = {};
  for (const p of LOSS_PERIODS) {
    const max = limitInForce(rows[p], now);
    if (max !== null) limits[p] = max;
  }
  const periods = Object.keys(limits) as LossPeriod[];
  if (periods.length === 0) return null;
  const starts = periods.map((p) => periodStart(p, now));
  const from = new Date(Math.min(...starts.map((d) => d.getTime())));
  const flows = await gameMoneyFlows(db, uid, currency, from);
  const lossSoFar: Partial<Record<LossPeriod, bigint>> = {};
  periods.forEach((p, i) => (lossSoFar[p] = netLoss(gameMoneyTotals(flows, starts[i]))));
  return { limits, lossSoFar };
}

/** Issue 37: during a break no deposit starts (withdrawals stay open). Throws CoolOffError. */
export async function refuseDuringBreak(db: DbOrTx, uid: string, now: Date): Promise<void> {
  const until = await new ResponsibleStore(db).coolOffUntil(uid, now);
  if (until) throw new CoolOffError(uid, until);
}

/**
 * Issue 37: judges one user's stake inside the stake's own transaction, after the ledger locked
 * the user's account, so two stakes of one user at once are judged one after the other (the second
 * sees the first's transfer). Throws CoolOffError or LossLimitError.
 */
export async function judgeStake(
  tx: DbOrTx,
  uid: string,
  currency: Currency,
  amount: bigint,
  now: Date,
): Promise<void> {
  await refuseDuringBreak(tx, uid, now);
  const room = await lossRoomOf(tx, uid, currency, now);
  if (!room) return;
  const verdict = checkStake({ ...room, stake: amount });
  if (!verdict.ok) throw new LossLimitError(uid, verdict.period, verdict.max, currency);
}
