import { and, eq, gt, inArray, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { games, playHeartbeat, playSockets } from './schema.ts';

/** Signed-in sockets across instances, and the servers' liveness beat. */
export class SocketStore {
  constructor(private readonly db: DbOrTx) {}

  async opened(connId: string, userId: string, now: Date): Promise<void> {
    await this.db
      .insert(playSockets)
      .values({ connId, userId, seenAt: now })
      .onConflictDoUpdate({ target: playSockets.connId, set: { seenAt: now } });
  }

  async closed(connId: string): Promise<void> {
    await this.db.delete(playSockets).where(eq(playSockets.connId, connId));
  }

  /**
   * The owning instance keeps its sockets fresh: every socket it holds, every few seconds. One
   * array parameter, not `inArray`'s parameter per socket: at 5,000 sockets Drizzle built and the
   * driver encoded 5,001 parameters in the server's thread (about 35 ms of PGlite's, a stall
   * of the event loop each time), against 4 ms for the array.
   */
  async refresh(connIds: string[], now: Date): Promise<void> {
    if (connIds.length === 0) return;
    await this.db
      .update(playSockets)
      .set({ seenAt: now })
      .where(sql`${playSockets.connId} = any(${sql.param(connIds)}::text[])`);
  }

  async dropStale(before: Date): Promise<void> {
    await this.db.delete(playSockets).where(lte(playSockets.seenAt, before));
  }

  /** Which of these users have a fresh socket anywhere. */
  async connectedAmong(userIds: string[], freshAfter: Date): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ userId: playSockets.userId })
      .from(playSockets)
      .where(and(inArray(playSockets.userId, userIds), gt(playSockets.seenAt, freshAfter)));
    return new Set(rows.map((r) => r.userId));
  }

  /**
   * Live games with a player who has no fresh socket and is not marked gone yet: what the
   * disconnect listener could not see (a crashed instance's sockets, a player who never came).
   */
  async liveGamesWithAbsentPlayer(freshAfter: Date): Promise<{ id: string; whiteAway: boolean; blackAway: boolean }[]> {
    const away = (col: SQLWrapper) =>
      sql<boolean>`not exists (select 1 from ${playSockets} where ${playSockets.userId} = ${col} and ${playSockets.seenAt} > ${freshAfter})`;
    const rows = await this.db
      .select({ id: games.id, whiteAway: away(games.whiteId), blackAway: away(games.blackId) })
      .from(games)
      .where(and(eq(games.status, 'started'), sql`${games.disconnectColor} is null`));
    return rows.filter((r) => r.whiteAway || r.blackAway);
  }

  /** The last beat, locked, so two instances starting together measure the downtime once. */
  async lockBeat(id: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: playHeartbeat.beatAt })
      .from(playHeartbeat)
      .where(eq(playHeartbeat.id, id))
      .for('update');
    return row?.at ?? null;
  }

  async beat(id: string, now: Date): Promise<void> {
    await this.db
      .insert(playHeartbeat)
      .values({ id, beatAt: now })
      .onConflictDoUpdate({ target: playHeartbeat.id, set: { beatAt: now } });
  }
}
