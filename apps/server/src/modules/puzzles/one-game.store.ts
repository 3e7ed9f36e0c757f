import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { LobbyStore } from './battle/lobbies.store.ts';
import { soloRuns } from './schema.ts';

/**
 * One puzzle game at a time per user (SPEC 2, issue 20): a Solo Puzzle Rush and a battle lobby
 * refuse each other. Each start checks the other kind inside its own transaction after locking
 * the user's row, the lock both kinds take first, so two starts at once are ordered and the
 * second sees the first.
 */
export function lockPuzzlePlayer(db: DbOrTx, uid: string): Promise<void> {
  return new LobbyStore(db).lockUser(uid);
}

/** A solo run not finished and not past its deadline (the sweep may not have ended it yet). */
export async function hasOpenSoloRun(db: DbOrTx, uid: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: soloRuns.id })
    .from(soloRuns)
    .where(
      and(
        eq(soloRuns.uid, uid),
        ne(soloRuns.status, 'finished'),
        or(isNull(soloRuns.endsAt), gt(soloRuns.endsAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A seat in a lobby that has not ended (waiting or playing): the battle store's own lookup. */
export async function hasOpenBattle(db: DbOrTx, uid: string): Promise<boolean> {
  return (await new LobbyStore(db).activeOf(uid)) !== null;
}
