import { and, desc, eq, gt, gte, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Currency } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { games } from '../play/index.ts';
import { botAccounts } from '../bots/index.ts';

export interface WinnerSum {
  uid: string;
  username: string;
  /** Minor units. */
  won: number;
}

export interface OngoingRow {
  id: string;
  mode: string;
  whiteId: string;
  whiteName: string;
  whiteRating: number;
  blackId: string;
  blackName: string;
  blackRating: number;
  stakeCurrency: Currency | null;
  stakeAmount: number | null;
  createdAt: Date;
  /** The position now and the last move played (UCI; null before the first): the landing's board. */
  fen: string;
  lastMove: string | null;
}

/** A finished game as the landing's board shows it when no game is live. */
export interface FinishedBoardRow {
  id: string;
  status: string;
  winner: 'white' | 'black' | null;
  whiteName: string;
  whiteRating: number;
  blackName: string;
  blackRating: number;
  fen: string;
  lastMove: string | null;
}

export interface RecentRow {
  id: string;
  status: string;
  winner: 'white' | 'black' | null;
  whiteId: string;
  blackId: string;
  opponentName: string | null;
  stakeCurrency: Currency | null;
  stakeAmount: number | null;
  endedAt: Date;
  review: string | null;
}

const whiteUser = alias(users, 'white_user');
const blackUser = alias(users, 'black_user');

/**
 * Read-only queries over the play module's games and the users, for the leaderboard and the
 * landing. Nothing here writes: the numbers are always derived from the games themselves, so
 * they cannot drift from what was played.
 */
export class StatsStore {
  constructor(private readonly db: DbOrTx) {}

  /** The winner's uid of a decided game: the join key of every leaderboard query. */
  private readonly winnerId = sql`(CASE WHEN ${games.winner} = 'white' THEN ${games.whiteId} ELSE ${games.blackId} END)`;

  /** Staked wins in `currency` that ended at or after `since`, by accounts that are not closed. */
  private wins(currency: Currency, since: Date) {
    return and(
      isNotNull(games.winner),
      isNotNull(games.endedAt),
      eq(games.stakeCurrency, currency),
      gt(games.stakeAmount, 0),
      gte(games.endedAt, since),
      eq(users.closed, false),
      // The bots win too, but the leaderboard ranks people (the house's wins are not a player's).
      notInArray(users.id, this.db.select({ uid: botAccounts.userId }).from(botAccounts)),
    );
  }

  /**
   * One page of the leaderboard: the sum of the wagers of each user's wins, highest first, ties
   * in username order (then uid, so the order is total and pages never overlap).
   */
  async leaderboard(currency: Currency, since: Date, limit: number, offset: number): Promise<WinnerSum[]> {
    // Summed as numeric and read as text: pg and PGlite disagree on how a bigint arrives.
    const won = sql<string>`sum(${games.stakeAmount})::numeric::text`;
    const rows = await this.db
      .select({ uid: users.id, username: users.username, won })
      .from(games)
      .innerJoin(users, eq(users.id, this.winnerId))
      .where(this.wins(currency, since))
      .groupBy(users.id, users.username, users.usernameLower)
      .orderBy(desc(sql`sum(${games.stakeAmount})`), users.usernameLower, users.id)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ uid: r.uid, username: r.username, won: Number(r.won) }));
  }

  /** How many users the leaderboard ranks (for the pagination). */
  async leaderboardSize(currency: Currency, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(distinct ${users.id})::int` })
      .from(games)
      .innerJoin(users, eq(users.id, this.winnerId))
      .where(this.wins(currency, since));
    return row?.n ?? 0;
  }

  /** Games that have ended (whatever the result): each is one game played. */
  async finishedGames(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(isNotNull(games.endedAt));
    return row?.n ?? 0;
  }

  /** Live games, newest first, with the players' names. */
  async ongoing(limit: number): Promise<OngoingRow[]> {
    return this.withBoard({
      id: games.id,
      mode: games.mode,
      whiteId: games.whiteId,
      blackId: games.blackId,
      stakeCurrency: games.stakeCurrency,
      stakeAmount: games.stakeAmount,
      createdAt: games.createdAt,
    })
      .where(eq(games.status, 'started'))
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(limit);
  }

  /**
   * Games joined to both players, selecting `fields` and what a landing board shows: the names,
   * the ratings, the position and the last UCI move (a negative index counts from the end of a
   * jsonb array).
   */
  private withBoard<F extends SelectedFields>(fields: F) {
    return this.db
      .select({
        ...fields,
        whiteName: whiteUser.username,
        whiteRating: games.whiteRating,
        blackName: blackUser.username,
        blackRating: games.blackRating,
        fen: games.fen,
        lastMove: sql<string | null>`(${games.moves} ->> -1)`,
      })
      .from(games)
      .innerJoin(whiteUser, eq(whiteUser.id, games.whiteId))
      .innerJoin(blackUser, eq(blackUser.id, games.blackId));
  }

  /** The most recently ended game in which moves were played (not an abort), with the players. */
  async latestFinishedBoard(): Promise<FinishedBoardRow | null> {
    const [row] = await this.withBoard({ id: games.id, status: games.status, winner: games.winner })
      .where(and(isNotNull(games.endedAt), notInArray(games.status, ['aborted', 'nostart'])))
      .orderBy(desc(games.endedAt), desc(games.id))
      .limit(1);
    return row ? { ...row, winner: row.winner ?? null } : null;
  }

  /** The user's most recently ended game, with the opponent's name. */
  async recentGame(uid: string): Promise<RecentRow | null> {
    const [row] = await this.db
      .select({
        id: games.id,
        status: games.status,
        winner: games.winner,
        whiteId: games.whiteId,
        blackId: games.blackId,
        opponentName: users.username,
        stakeCurrency: games.stakeCurrency,
        stakeAmount: games.stakeAmount,
        endedAt: games.endedAt,
        review: games.review,
      })
      .from(games)
      .leftJoin(
        users,
        eq(users.id, sql`(CASE WHEN ${games.whiteId} = ${uid} THEN ${games.blackId} ELSE ${games.whiteId} END)`),
      )
      .where(and(or(eq(games.whiteId, uid), eq(games.blackId, uid)), isNotNull(games.endedAt)))
      .orderBy(desc(games.endedAt), desc(games.id))
      .limit(1);
    if (!row?.endedAt) return null;
    return { ...row, winner: row.winner ?? null, endedAt: row.endedAt };
  }
}
