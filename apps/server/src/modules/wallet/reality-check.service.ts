import {
  acknowledgeCheck,
  CURRENCIES,
  gameMoneyTotals,
  netResult,
  nextCheckAt,
  realityCheckDue,
  realityCheckMinutesOf,
  seenAt,
  timePlayedMs,
  type RealityCheckRecord,
} from '@rush/domain';
import type { RealityCheckState } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { gameMoneyFlows } from './game-money.store.ts';
import type { GameActivity } from './ports.ts';
import { RealityCheckStore } from './reality-check.store.ts';

/** What the service needs of the signed-in player: their id and their stored interval. */
export interface RealityCheckPlayer {
  id: string;
  settings: { realityCheckMinutes?: unknown };
}

/**
 * Issue 37: the reality check's state and its answer. The rules are the domain's; this keeps the
 * player's row (so reloads and tabs agree) and reads the net result from the ledger.
 */
export class RealityCheckService {
  private readonly store: RealityCheckStore;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: Pick<GameActivity, 'isGameRunning'>,
  ) {
    this.store = new RealityCheckStore(db);
  }

  /** The state now; asking marks the player as seen (a new session after a gap). */
  async state(player: RealityCheckPlayer): Promise<RealityCheckState> {
    const now = this.clock.now();
    const record = await inTx(this.db, async (tx) => {
      const { record: before, fresh } = await this.store.lock(tx, player.id, now);
      const after = fresh ? before : seenAt(before, now);
      await this.store.save(tx, player.id, after);
      return after;
    });
    return this.view(player, record, now);
  }

  /** Answers the check named by `dueAt` (Continue, Set a limit, Take a break); a repeat changes nothing. */
  async acknowledge(player: RealityCheckPlayer, dueAt: Date): Promise<RealityCheckState> {
    const now = this.clock.now();
    const interval = realityCheckMinutesOf(player.settings.realityCheckMinutes);
    const record = await inTx(this.db, async (tx) => {
      const { record: before, fresh } = await this.store.lock(tx, player.id, now);
      const seen = fresh ? before : seenAt(before, now);
      const answered = acknowledgeCheck(seen, interval, dueAt, now).record;
      await this.store.save(tx, player.id, answered);
      return answered;
    });
    return this.view(player, record, now);
  }

  private async view(player: RealityCheckPlayer, record: RealityCheckRecord, now: Date): Promise<RealityCheckState> {
    const interval = realityCheckMinutesOf(player.settings.realityCheckMinutes);
    const from = record.sessionStartedAt;
    const [busy, flows] = await Promise.all([
      this.games.isGameRunning(player.id),
      Promise.all(CURRENCIES.map((c) => gameMoneyFlows(this.db, player.id, c, from))),
    ]);
    const dueAt = nextCheckAt(record, interval);
    return {
      intervalMinutes: interval,
      sessionStartedAt: from.toISOString(),
      timePlayedMs: timePlayedMs(record, now),
      net: CURRENCIES.map((currency, i) => ({
        currency,
        net: Number(netResult(gameMoneyTotals(flows[i] ?? [], from))),
      })),
      due: realityCheckDue({ record, interval, now, busy }),
      dueAt: dueAt?.toISOString() ?? null,
      serverNow: now.toISOString(),
    };
  }
}
