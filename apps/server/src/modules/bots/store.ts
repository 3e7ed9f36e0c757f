import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BotLevel } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { matchRecords } from '../matchmaking/index.ts';
import { games } from '../play/index.ts';
import { botAccounts, botGames, type BotGameRow } from './schema.ts';

export type NewBotGame = typeof botGames.$inferInsert;

/** Matchmaking states in which a user is busy with a match (matchmaking's ACTIVE_STATES). */
const MATCH_BUSY = ['searching', 'matched', 'starting', 'playing'] as const;

/** The bots' tables, and the reads of games and match records the bots' rules need. */
export class BotGameStore {
  constructor(private readonly db: DbOrTx) {}

  async botUidOf(level: BotLevel): Promise<string | null> {
    const [row] = await this.db
      .select({ uid: botAccounts.userId })
      .from(botAccounts)
      .where(eq(botAccounts.level, level));
    return row?.uid ?? null;
  }

  async insert(row: NewBotGame): Promise<BotGameRow> {
    const [r] = await this.db.insert(botGames).values(row).returning();
    return r!;
  }

  async find(id: string): Promise<BotGameRow | null> {
    const [r] = await this.db.select().from(botGames).where(eq(botGames.id, id));
    return r ?? null;
  }

  /** The user's bot game whose game is still being played. */
  async liveOf(uid: string): Promise<BotGameRow | null> {
    const [r] = await this.db
      .select({ b: botGames })
      .from(botGames)
      .innerJoin(games, eq(games.id, botGames.gameId))
      .where(and(eq(botGames.userId, uid), eq(games.status, 'started')))
      .limit(1);
    return r?.b ?? null;
  }

  /** Whether the user has a matchmaking record in progress (searching up to playing). */
  async inMatchmaking(uid: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: matchRecords.id })
      .from(matchRecords)
      .where(and(eq(matchRecords.uid, uid), eq(matchRecords.cleared, false), inArray(matchRecords.state, MATCH_BUSY)))
      .limit(1);
    return rows.length > 0;
  }

  /** Moves the row on only from `from`; false when another caller already did. */
  async transition(id: string, from: BotGameRow['state'], patch: Partial<NewBotGame>): Promise<boolean> {
    const rows = await this.db
      .update(botGames)
      .set(patch)
      .where(and(eq(botGames.id, id), eq(botGames.state, from)))
      .returning({ id: botGames.id });
    return rows.length > 0;
  }

  async markSettled(id: string, at: Date): Promise<void> {
    await this.db
      .update(botGames)
      .set({ state: 'settled', settledAt: at })
      .where(and(eq(botGames.id, id), inArray(botGames.state, ['starting', 'playing'])));
  }

  /**
   * Claims the bot's move at `ply` for this instance until `until`: one conditional update, true
   * for exactly one caller while the game is live at that ply and nobody else holds the claim.
   */
  async claimTurn(id: string, ply: number, now: Date, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(botGames)
      .set({ leasePly: ply, leaseUntil: until })
      .where(
        and(
          eq(botGames.id, id),
          eq(botGames.state, 'playing'),
          or(isNull(botGames.leasePly), sql`${botGames.leasePly} <> ${ply}`, lt(botGames.leaseUntil, now)),
          sql`exists (select 1 from ${games} where ${games.id} = ${botGames.gameId} and ${games.status} = 'started' and ${games.ply} = ${ply})`,
        ),
      )
      .returning({ id: botGames.id });
    return rows.length > 0;
  }

  /** Gives a claim back early (the engine failed): the next sweep may try at once. */
  async releaseTurn(id: string, ply: number): Promise<void> {
    await this.db
      .update(botGames)
      .set({ leaseUntil: new Date(0) })
      .where(and(eq(botGames.id, id), eq(botGames.leasePly, ply)));
  }

  /**
   * Live bot games where the bot is to move and no instance holds the move: the bot plays White
   * on even plies, Black on odd ones.
   */
  async turnsDue(now: Date, limit: number): Promise<{ id: string; gameId: string }[]> {
    const botToMove = sql`((${games.whiteId} = ${botGames.botId}) = (${games.ply} % 2 = 0))`;
    const rows = await this.db
      .select({ id: botGames.id, gameId: games.id })
      .from(botGames)
      .innerJoin(games, eq(games.id, botGames.gameId))
      .where(
        and(
          eq(botGames.state, 'playing'),
          eq(games.status, 'started'),
          botToMove,
          or(isNull(botGames.leasePly), sql`${botGames.leasePly} <> ${games.ply}`, lt(botGames.leaseUntil, now)),
        ),
      )
      .orderBy(asc(botGames.createdAt))
      .limit(limit);
    return rows;
  }

  /** Bot games left open: ended but not settled, or starts older than `staleBefore`. */
  async unsettled(staleBefore: Date, limit: number): Promise<BotGameRow[]> {
    const rows = await this.db
      .select({ b: botGames })
      .from(botGames)
      .leftJoin(games, eq(games.id, botGames.gameId))
      .where(
        or(
          // A win held for fair play's review stays open until an admin closes it: not the sweep's.
          and(
            eq(botGames.state, 'playing'),
            sql`${games.status} <> 'started'`,
            sql`${games.review} is distinct from 'held'`,
          ),
          and(eq(botGames.state, 'starting'), lt(botGames.createdAt, staleBefore)),
        ),
      )
      .orderBy(asc(botGames.createdAt))
      .limit(limit);
    return rows.map((r) => r.b);
  }

  /** The game a start created, found by its source (a crash may have left the row without it). */
  async gameIdBySource(source: string): Promise<string | null> {
    const [r] = await this.db.select({ id: games.id }).from(games).where(eq(games.source, source)).limit(1);
    return r?.id ?? null;
  }
}
