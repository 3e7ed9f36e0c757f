import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';

/**
 * The counted games a player was rewarded for in one UTC day, read from the ledger itself (the
 * 100 RC per-game credits to their RC account, `ledger_transfers_to_created_idx`), so the caps
 * cannot drift from what was paid. Read inside the next credit's movement, under the lock of the
 * player's account: two games finishing at once are counted one after the other.
 */
export async function rewardedGamesOn(
  tx: DbOrTx,
  account: string,
  opponentUid: string,
  day: { start: Date; end: Date },
): Promise<{ games: number; gamesWithOpponent: number }> {
  const [row] = await tx
    .select({
      games: sql<number>`count(*)::int`,
      gamesWithOpponent: sql<number>`count(*) filter (where ${ledgerMovements.meta} ->> 'opponent' = ${opponentUid})::int`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
    .where(
      and(
        eq(ledgerTransfers.toAccount, account),
        gte(ledgerTransfers.createdAt, day.start),
        lt(ledgerTransfers.createdAt, day.end),
        eq(ledgerMovements.kind, 'reward'),
        sql`${ledgerMovements.meta} ->> 'reward' = 'perGame'`,
      ),
    );
  return { games: row?.games ?? 0, gamesWithOpponent: row?.gamesWithOpponent ?? 0 };
}
