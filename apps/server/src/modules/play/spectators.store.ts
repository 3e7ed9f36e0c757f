import { and, countDistinct, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { gameSpectators } from './schema.ts';

/** Spectator heartbeats (one row per watching socket). */
export class SpectatorStore {
  constructor(private readonly db: DbOrTx) {}

  async beat(gameId: string, connId: string, viewerKey: string, now: Date): Promise<void> {
    await this.db
      .insert(gameSpectators)
      .values({ gameId, connId, viewerKey, seenAt: now })
      .onConflictDoUpdate({ target: [gameSpectators.gameId, gameSpectators.connId], set: { seenAt: now, viewerKey } });
  }

  async leave(gameId: string, connId: string): Promise<boolean> {
    const rows = await this.db
      .delete(gameSpectators)
      .where(and(eq(gameSpectators.gameId, gameId), eq(gameSpectators.connId, connId)))
      .returning({ g: gameSpectators.gameId });
    return rows.length > 0;
  }

  /** A socket closed: it stops watching everything; returns the games it watched. */
  async leaveAll(connId: string): Promise<string[]> {
    const rows = await this.db
      .delete(gameSpectators)
      .where(eq(gameSpectators.connId, connId))
      .returning({ g: gameSpectators.gameId });
    return [...new Set(rows.map((r) => r.g))];
  }

  /** Distinct viewers with a heartbeat after `since`. */
  async count(gameId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: countDistinct(gameSpectators.viewerKey) })
      .from(gameSpectators)
      .where(and(eq(gameSpectators.gameId, gameId), gt(gameSpectators.seenAt, since)));
    return Number(row?.n ?? 0);
  }

  /** Drops stale heartbeats; returns the games whose count may have changed. */
  async dropStale(before: Date): Promise<string[]> {
    const rows = await this.db
      .delete(gameSpectators)
      .where(lte(gameSpectators.seenAt, before))
      .returning({ g: gameSpectators.gameId });
    return [...new Set(rows.map((r) => r.g))];
  }

  /** Whether another socket of the same viewer still watches (then the count did not change). */
  async othersOfViewer(gameId: string, viewerKey: string, connId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameSpectators)
      .where(
        and(
          eq(gameSpectators.gameId, gameId),
          eq(gameSpectators.viewerKey, viewerKey),
          ne(gameSpectators.connId, connId),
        ),
      );
    return (row?.n ?? 0) > 0;
  }
}
