import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { games } from '../play/index.ts';

/**
 * When Lichess games were started, for Lichess's limits on starting them (domain
 * lichess-limits.ts): the games rows are the record, no table of their own. A bot game counts
 * as a challenge to maia1 even when maia1 was skipped for the AI, which only errs on the safe
 * side (a player meets the AI sooner, never Lichess's 429).
 */
export class LichessStartsStore {
  constructor(private readonly db: DbOrTx) {}

  /** Creation times (ms) of the Lichess bot games since `since`, of one user or of everyone. */
  async botGamesSince(since: Date, uid?: string): Promise<number[]> {
    const rows = await this.db
      .select({ at: games.createdAt })
      .from(games)
      .where(
        and(
          eq(games.platform, 'lichess'),
          isNotNull(games.engineColor),
          gt(games.createdAt, since),
          uid === undefined ? undefined : or(eq(games.whiteId, uid), eq(games.blackId, uid)),
        ),
      );
    return rows.map((r) => r.at.getTime());
  }

  /** Creation times (ms) of the matched (bulk-paired) Lichess games since `since`. */
  async pairedGamesSince(since: Date): Promise<number[]> {
    const rows = await this.db
      .select({ at: games.createdAt })
      .from(games)
      .where(and(eq(games.platform, 'lichess'), isNull(games.engineColor), gt(games.createdAt, since)));
    return rows.map((r) => r.at.getTime());
  }
}
