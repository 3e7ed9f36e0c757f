import { decideLimit, isLimitActive, TEXTS, type SelfLimit } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import { when } from './format.ts';
import { LimitStore, type LimitKind } from './limits.store.ts';
import { inTransaction } from './transaction.store.ts';
import { WalletUserStore } from './users.store.ts';

export interface LimitInput {
  kind: LimitKind;
  max: number;
  /** ISO date or date-time from the form's expiration date. */
  until: string;
}

/** Self-limits (SPEC 4, Account Settings > Gaming): bet limit and deposit limit. */
export class LimitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The limits in force now (expired ones are history). */
  async active(uid: string): Promise<{ bet: SelfLimit | null; deposit: SelfLimit | null }> {
    const store = new LimitStore(this.db);
    const now = this.clock.now();
    const [bet, deposit] = await Promise.all([store.latest(uid, 'bet'), store.latest(uid, 'deposit')]);
    const keep = (l: SelfLimit | null) => (isLimitActive(l, now) ? { max: l.max, until: l.until } : null);
    return { bet: keep(bet), deposit: keep(deposit) };
  }

  /** For matchmaking: USD wagers at or above this are hidden (SPEC 5). */
  async betLimitOf(uid: string): Promise<SelfLimit | null> {
    return (await this.active(uid)).bet;
  }

  async depositLimitOf(uid: string): Promise<SelfLimit | null> {
    return (await this.active(uid)).deposit;
  }

  /**
   * A user's own limit: stricter applies at once, looser is refused while one is active. An
   * admin (SPEC 6 limitBet/limitDeposit) sets what they decide, even an expiry in the past,
   * which lifts the limit. The decision and the write share one lock on the user, so two
   * requests at once cannot both pass against the same old limit.
   */
  async set(uid: string, input: LimitInput, by: 'user' | 'admin', audit?: ChangeHook): Promise<void> {
    const until = parseUntil(input.until);
    if (!until) throw badRequest(TEXTS.limitInvalidDate, { until: TEXTS.limitInvalidDate });
    const proposed: SelfLimit = { max: BigInt(input.max), until };
    await inTransaction(this.db, async (tx) => {
      if (!(await new WalletUserStore(tx).lock(uid))) throw notFound();
      const limits = new LimitStore(tx);
      const now = this.clock.now();
      if (by === 'user') {
        const current = await limits.latest(uid, input.kind);
        const decision = decideLimit(current, proposed, now);
        if (!decision.ok) {
          if (decision.reason === 'looser' && current) {
            throw new AppError('LIMIT_ACTIVE', TEXTS.limitLooser(when(current.until)));
          }
          throw badRequest(TEXTS.limitPast, { until: TEXTS.limitPast });
        }
      }
      const before = audit ? await limits.latest(uid, input.kind) : null;
      await limits.add(uid, { kind: input.kind, ...proposed, setBy: by, createdAt: now });
      const view = (l: SelfLimit | null) =>
        l ? { kind: input.kind, max: String(l.max), until: l.until.toISOString() } : null;
      await audit?.(tx, { before: view(before), after: view(proposed) });
    });
  }
}

/**
 * A date alone ("2026-04-01", what a date input gives) means the end of that day in UTC: a
 * limit chosen "until April 1" still holds on April 1. Anything Date cannot read is refused.
 */
function parseUntil(s: string): Date | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(s);
  const d = new Date(dateOnly ? `${s}T23:59:59.999Z` : s);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year >= 2000 && year <= 9999 ? d : null;
}
