import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { games } from '../play/index.ts';
import { lichessFollows } from './schema.ts';

/** SQL of the Lichess follow leases (follower.ts). */
export class LichessFollowStore {
  constructor(private readonly db: DbOrTx) {}

  /** Takes the lease when it is free, lapsed or already `owner`'s; false when another holds it. */
  async claim(gameId: string, owner: string, now: Date, until: Date): Promise<boolean> {
    const rows = await this.db
      .insert(lichessFollows)
      .values({ gameId, owner, leaseUntil: until })
      .onConflictDoUpdate({
        target: lichessFollows.gameId,
        set: { owner, leaseUntil: until },
        setWhere: or(lt(lichessFollows.leaseUntil, now), eq(lichessFollows.owner, owner)),
      })
      .returning({ id: lichessFollows.gameId });
    return rows.length === 1;
  }

  /** Renews `owner`'s leases among `gameIds`; answers the ids still held (another may have taken one). */
  async renew(owner: string, gameIds: string[], until: Date): Promise<string[]> {
    if (gameIds.length === 0) return [];
    const rows = await this.db
      .update(lichessFollows)
      .set({ leaseUntil: until })
      .where(and(eq(lichessFollows.owner, owner), inArray(lichessFollows.gameId, gameIds)))
      .returning({ id: lichessFollows.gameId });
    return rows.map((r) => r.id);
  }

  /** Live Lichess games that nobody follows, or whose follower's lease lapsed. */
  async orphans(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .leftJoin(lichessFollows, eq(lichessFollows.gameId, games.id))
      .where(
        and(
          eq(games.platform, 'lichess'),
          eq(games.status, 'started'),
          or(isNull(lichessFollows.gameId), lt(lichessFollows.leaseUntil, now)),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Whether `owner` holds the game's lease now (another instance may have taken it). */
  async holds(gameId: string, owner: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: lichessFollows.gameId })
      .from(lichessFollows)
      .where(and(eq(lichessFollows.gameId, gameId), eq(lichessFollows.owner, owner)));
    return rows.length === 1;
  }

  async release(gameId: string, owner: string): Promise<void> {
    await this.db.delete(lichessFollows).where(and(eq(lichessFollows.gameId, gameId), eq(lichessFollows.owner, owner)));
  }

  async releaseAll(owner: string): Promise<void> {
    await this.db.delete(lichessFollows).where(eq(lichessFollows.owner, owner));
  }

  async lease(gameId: string) {
    const [row] = await this.db.select().from(lichessFollows).where(eq(lichessFollows.gameId, gameId));
    return row ?? null;
  }
}
