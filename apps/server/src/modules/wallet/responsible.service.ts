import {
  CURRENCIES,
  decideCoolOff,
  decideLossLimit,
  gameMoneyTotals,
  LOSS_PERIODS,
  limitInForce,
  netLoss,
  pendingChange,
  periodEnd,
  periodStart,
  TEXTS,
  type CoolOffChoice,
  type Currency,
  type LossLimitState,
  type LossPeriod,
  type LossRoom,
} from '@rush/domain';
import type { LossLimitView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { when } from './format.ts';
import { gameMoneyFlows } from './game-money.store.ts';
import { ResponsibleStore } from './responsible.store.ts';
import { lossRoomOf } from './stake-guard.ts';
import { inTransaction } from './transaction.store.ts';
import { WalletUserStore } from './users.store.ts';

export interface LossLimitInput {
  currency: Currency;
  period: LossPeriod;
  /** Minor units; null lifts the limit. */
  max: number | null;
}

/**
 * Issue 37: a break (cool-off) and loss limits, the player's own (Account Settings > Gaming).
 * The stake itself is judged in the ledger's movement (stake-guard.ts); this sets them and reads
 * them for the summary, `Me` and eligibility. Each write holds the user's row lock, so two
 * requests at once are decided one after the other against what the first wrote.
 */
export class ResponsibleGaming {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The end of the break running now, or null. */
  coolOffUntil(uid: string): Promise<Date | null> {
    return new ResponsibleStore(this.db).coolOffUntil(uid, this.clock.now());
  }

  /** Takes a break of `choice` from now; refused (409) when one running already ends later. */
  async takeBreak(uid: string, choice: CoolOffChoice): Promise<Date> {
    return inTransaction(this.db, async (tx) => {
      if (!(await new WalletUserStore(tx).lock(uid))) throw notFound();
      const store = new ResponsibleStore(tx);
      const now = this.clock.now();
      const decision = decideCoolOff(await store.coolOffUntil(uid, now), choice, now);
      if (!decision.ok) throw new AppError('CONFLICT', TEXTS.coolOffShorter(when(decision.until)));
      await store.addCoolOff(uid, now, decision.until);
      return decision.until;
    });
  }

  /** A tighter limit applies at once; a looser one (or none) from 24 hours later. */
  async setLossLimit(uid: string, input: LossLimitInput): Promise<void> {
    const proposed = input.max === null ? null : BigInt(input.max);
    await inTransaction(this.db, async (tx) => {
      if (!(await new WalletUserStore(tx).lock(uid))) throw notFound();
      const store = new ResponsibleStore(tx);
      const now = this.clock.now();
      const rows = (await store.lossLimitRows(uid))[input.currency][input.period];
      const current = limitInForce(rows, now);
      const decision = decideLossLimit(current, proposed, now);
      if (!decision.ok) throw badRequest(TEXTS.lossLimitInvalid, { max: TEXTS.lossLimitInvalid });
      // Asking again for the change already waiting keeps its time: a repeat never delays it.
      const waiting = pendingChange(rows, now);
      if (decision.change === 'looser' && waiting && waiting.max === proposed) return;
      await store.addLossLimit(uid, {
        currency: input.currency,
        period: input.period,
        max: decision.max,
        effectiveAt: decision.effectiveAt,
        setBy: 'user',
        createdAt: now,
      });
    });
  }

  /** The early word for eligibility: the limits in force and the loss so far (null: no limit). */
  lossRoom(uid: string, currency: Currency): Promise<LossRoom | null> {
    return lossRoomOf(this.db, uid, currency, this.clock.now());
  }

  /** Every currency's three limits for the Gaming pane: in force, used this period, waiting. */
  async lossLimits(uid: string): Promise<LossLimitView[]> {
    const now = this.clock.now();
    return (await this.states(uid, now)).map((s) => ({
      currency: s.currency,
      period: s.period,
      max: s.max === null ? null : Number(s.max),
      used: Number(s.used),
      resetsAt: periodEnd(s.period, now).toISOString(),
      pending: s.pending
        ? {
            max: s.pending.max === null ? null : Number(s.pending.max),
            effectiveAt: s.pending.effectiveAt.toISOString(),
          }
        : null,
    }));
  }

  /**
   * Every player's loss limits in force at `now`, with the loss their period already counts: the
   * operators' review (admin `LossLimitUsage`) reads the very figures the pane shows and a stake is
   * judged on.
   */
  async inForce(now: Date): Promise<LossLimitInForce[]> {
    const out: LossLimitInForce[] = [];
    for (const uid of await new ResponsibleStore(this.db).usersWithLossLimits()) {
      for (const s of await this.states(uid, now)) {
        if (s.max === null) continue;
        out.push({
          uid,
          currency: s.currency,
          period: s.period,
          max: s.max,
          lost: s.used,
          periodStart: periodStart(s.period, now),
        });
      }
    }
    return out;
  }

  /** One player's limits per currency and period at `now`: in force, used this period, waiting. */
  private async states(uid: string, now: Date): Promise<LossLimitState[]> {
    const rows = await new ResponsibleStore(this.db).lossLimitRows(uid);
    const monthStart = periodStart('month', now);
    const weekStart = periodStart('week', now);
    const from = weekStart < monthStart ? weekStart : monthStart;
    const states: LossLimitState[] = [];
    for (const currency of CURRENCIES) {
      const flows = await gameMoneyFlows(this.db, uid, currency, from);
      for (const period of LOSS_PERIODS) {
        const r = rows[currency][period];
        states.push({
          currency,
          period,
          max: limitInForce(r, now),
          used: netLoss(gameMoneyTotals(flows, periodStart(period, now))),
          pending: pendingChange(r, now),
        });
      }
    }
    return states;
  }
}

/** A loss limit in force with its use (the shape admin's review port reads). */
export interface LossLimitInForce {
  uid: string;
  currency: Currency;
  period: LossPeriod;
  max: bigint;
  lost: bigint;
  periodStart: Date;
}
