import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { presence } from './schema.ts';

/**
 * SPEC 9's "online" in SQL (domain countsAsOnline): not offline and changed since `since` (now
 * minus the window). The count and the landing's list both use it, so they cannot disagree.
 */
export const onlineSince = (since: Date): SQL => and(ne(presence.state, 'offline'), gte(presence.lastChanged, since))!;

/** The presence table (SPEC 3 online status), one row per user or anonymous visitor. */
export class PresenceStore {
  constructor(private readonly db: DbOrTx) {}

  /** A socket opened: one more connection, online now. */
  async connected(key: string, userId: string | null, now: Date): Promise<void> {
    await this.db
      .insert(presence)
      .values({ key, userId, state: 'online', connections: 1, lastChanged: now })
      .onConflictDoUpdate({
        target: presence.key,
        set: { connections: sql`${presence.connections} + 1`, state: 'online', lastChanged: now },
      });
  }

  /** A socket closed: one connection fewer; offline when none is left. */
  async disconnected(key: string, now: Date): Promise<void> {
    await this.db
      .update(presence)
      .set({
        connections: sql`GREATEST(${presence.connections} - 1, 0)`,
        state: sql`(CASE WHEN ${presence.connections} <= 1 THEN 'offline' ELSE ${presence.state} END)`,
        lastChanged: now,
      })
      .where(eq(presence.key, key));
  }

  /**
   * Activity from the client (mouse move or idle) on an open socket. Ignored for a row that
   * is offline (signed out, its sockets closing); recreated if housekeeping removed it while
   * the tab sat idle, with the sockets this instance knows of.
   */
  async setState(
    key: string,
    userId: string | null,
    state: 'online' | 'idle',
    now: Date,
    sockets: number,
  ): Promise<void> {
    await this.db
      .insert(presence)
      .values({ key, userId, state, connections: sockets, lastChanged: now })
      .onConflictDoUpdate({
        target: presence.key,
        set: { state, lastChanged: now },
        setWhere: ne(presence.state, 'offline'),
      });
  }

  async setOffline(key: string, now: Date): Promise<void> {
    await this.db.update(presence).set({ state: 'offline', lastChanged: now }).where(eq(presence.key, key));
  }

  /** SPEC 9: rows not offline whose last change is within the window (`countsAsOnline`). */
  async countOnline(since: Date): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(presence)
      .where(onlineSince(since));
    return rows[0]?.n ?? 0;
  }

  /** Housekeeping: anonymous rows long gone offline or stale carry no information. */
  async deleteStaleVisitors(before: Date): Promise<void> {
    await this.db.delete(presence).where(and(sql`${presence.userId} IS NULL`, lt(presence.lastChanged, before)));
  }
}
