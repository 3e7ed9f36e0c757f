import { and, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { PlayedGame } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { games } from './schema.ts';

/** Games that overlap [from, to): begun before its end, and not ended before its start. */
const overlapping = (from: Date, to: Date) =>
  and(lt(games.createdAt, to), or(isNull(games.endedAt), gte(games.endedAt, from)));

/** A user's games overlapping [from, to), each with its start and end (issue 37 statements' time played). */
export async function gamesPlayedIn(db: DbOrTx, uid: string, from: Date, to: Date): Promise<PlayedGame[]> {
  const rows = await db
    .select({ startedAt: games.createdAt, endedAt: games.endedAt })
    .from(games)
    .where(and(or(eq(games.whiteId, uid), eq(games.blackId, uid)), overlapping(from, to)));
  return rows;
}

/** Everyone with a game overlapping [from, to) (the monthly statement mail's candidates). */
export async function playersIn(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
  const rows = await db.select({ white: games.whiteId, black: games.blackId }).from(games).where(overlapping(from, to));
  return [...new Set(rows.flatMap((r) => [r.white, r.black]))];
}
