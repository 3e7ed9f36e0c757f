import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { BuiltinPlatform } from './builtin-platform.ts';
import type { GameTransactions } from './game-tx.ts';
import { GameStore } from './games.store.ts';

/** Games handled per sweep at most, so one sweep never holds the loop for long. */
const MAX_PER_SWEEP = 200;

/**
 * The flag and first-move deadlines (principle 4): each live game row carries `deadline_at`;
 * any instance picks due games with FOR UPDATE SKIP LOCKED, one per transaction, and ends
 * them. A game locked elsewhere (a move in flight, another sweeper) is skipped and re-checked
 * under its lock by whoever holds it, so each deadline ends its game exactly once.
 */
export class DeadlineSweeper {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
    private readonly platform: BuiltinPlatform,
  ) {}

  async sweep(): Promise<number> {
    // Most sweeps find nothing: one indexed read instead of a transaction (PGlite has one connection).
    if (!(await new GameStore(this.db).anyDue(this.clock.now()))) return 0;
    let handled = 0;
    while (handled < MAX_PER_SWEEP) {
      const id = await this.txs.plain(async (tx, changes) => {
        const g = await new GameStore(tx).lockOneDue(this.clock.now());
        if (!g) return null;
        await this.platform.expireDue(tx, g, changes);
        return g.id;
      });
      if (id === null) break;
      handled++;
    }
    return handled;
  }
}
