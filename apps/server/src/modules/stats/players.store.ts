import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Color, Currency, GameStatus, RatingFamily } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { botAccounts } from '../bots/index.ts';
import { games, ratingHistory } from '../play/index.ts';

export interface PlayerAccountRow {
  id: string;
  username: string;
  usernameColor: string;
  avatarVersion: number;
  closed: boolean;
  createdAt: Date;
  bot: boolean;
}

/** A count of the player's finished games with one status, winner and side. */
export interface ResultGroup {
  status: GameStatus;
  winner: Color | null;
  color: Color;
  n: number;
}

export interface RatingRow {
  gameId: string;
  family: RatingFamily;
  rating: number;
  at: Date;
}

/** A finished staked game the player won or lost (a draw or an abort moves no money). */
export interface StakedResultRow {
  gameId: string;
  status: GameStatus;
  winner: Color;
  color: Color;
  currency: Currency;
  amount: number;
  at: Date;
}

/**
 * The reads behind a player's card and charts (issue 19): the account, the games and the rating
 * history, each one range on an index keyed by the player (`games_white_idx` and
 * `games_black_idx` on (player, ended_at), `rating_history_user_at_idx` on (user_id, at)).
 */
export class PlayersStore {
  constructor(private readonly db: DbOrTx) {}

  async account(uid: string): Promise<PlayerAccountRow | null> {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        usernameColor: users.usernameColor,
        avatarVersion: users.avatarVersion,
        closed: users.closed,
        createdAt: users.createdAt,
        bot: sql<boolean>`exists (select 1 from ${botAccounts} where ${botAccounts.userId} = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, uid));
    return row ?? null;
  }

  /** The player's side of a game, as SQL. */
  private colorOf(uid: string) {
    return sql<Color>`(case when ${games.whiteId} = ${uid} then 'white' else 'black' end)`;
  }

  private ended(uid: string) {
    return and(or(eq(games.whiteId, uid), eq(games.blackId, uid)), isNotNull(games.endedAt));
  }

  /** Finished games grouped by what decides their outcome: a handful of rows however many games. */
  async resultGroups(uid: string): Promise<ResultGroup[]> {
    const color = this.colorOf(uid);
    const rows = await this.db
      .select({ status: games.status, winner: games.winner, color, n: sql<number>`count(*)::int` })
      .from(games)
      .where(this.ended(uid))
      // By position: the side is a parameterised expression, which PostgreSQL cannot match again.
      .groupBy(sql`1`, sql`2`, sql`3`);
    return rows.map((r) => ({ ...r, status: r.status as GameStatus }));
  }

  async ratings(uid: string): Promise<RatingRow[]> {
    return this.db
      .select({
        gameId: ratingHistory.gameId,
        family: ratingHistory.family,
        rating: ratingHistory.rating,
        at: ratingHistory.at,
      })
      .from(ratingHistory)
      .where(eq(ratingHistory.userId, uid))
      .orderBy(asc(ratingHistory.at), asc(ratingHistory.gameId));
  }

  /**
   * Decided staked games. A payout held for a fair-play review is left out until an admin has
   * decided it (History shows it as "Under review", not as a win).
   */
  async stakedResults(uid: string): Promise<StakedResultRow[]> {
    const rows = await this.db
      .select({
        gameId: games.id,
        status: games.status,
        winner: games.winner,
        color: this.colorOf(uid),
        currency: games.stakeCurrency,
        amount: games.stakeAmount,
        at: games.endedAt,
      })
      .from(games)
      .where(
        and(
          this.ended(uid),
          isNotNull(games.winner),
          isNotNull(games.stakeCurrency),
          gt(games.stakeAmount, 0),
          sql`${games.review} is distinct from 'held'`,
        ),
      )
      .orderBy(asc(games.endedAt), asc(games.id));
    const out: StakedResultRow[] = [];
    for (const r of rows) {
      if (r.winner === null || r.currency === null || r.amount === null || r.at === null) continue;
      out.push({
        ...r,
        status: r.status as GameStatus,
        winner: r.winner,
        currency: r.currency,
        amount: r.amount,
        at: r.at,
      });
    }
    return out;
  }
}
