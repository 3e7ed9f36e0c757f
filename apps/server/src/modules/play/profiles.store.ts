import { and, eq, inArray } from 'drizzle-orm';
import type { RatingFamily } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { chessProfiles, chessRatings, ratingHistory } from './schema.ts';

/** What a board shows of a person. */
export interface UserCard {
  id: string;
  username: string;
  usernameColor: string;
  avatarVersion: number;
  banned: boolean;
  closed: boolean;
  chessUsername: string | null;
}

export interface StoredRating {
  userId: string;
  family: RatingFamily;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

export type ChessProfile = typeof chessProfiles.$inferSelect;

/** Users as players, their chess profiles and their ratings. */
export class ProfileStore {
  constructor(private readonly db: DbOrTx) {}

  async cards(ids: string[]): Promise<Map<string, UserCard>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        usernameColor: users.usernameColor,
        avatarVersion: users.avatarVersion,
        banned: users.banned,
        closed: users.closed,
        chessUsername: users.chessUsername,
      })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async cardByUsername(username: string): Promise<UserCard | null> {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        usernameColor: users.usernameColor,
        avatarVersion: users.avatarVersion,
        banned: users.banned,
        closed: users.closed,
        chessUsername: users.chessUsername,
      })
      .from(users)
      .where(eq(users.usernameLower, username.trim().toLowerCase()));
    return row ?? null;
  }

  async profile(userId: string): Promise<ChessProfile | null> {
    const [row] = await this.db.select().from(chessProfiles).where(eq(chessProfiles.userId, userId));
    return row ?? null;
  }

  /** Creates the profile once; false when one exists (the link never changes). */
  async createProfile(
    userId: string,
    username: string,
    linkedAt: Date,
    platform: ChessProfile['platform'] = 'builtin',
  ): Promise<boolean> {
    const rows = await this.db
      .insert(chessProfiles)
      .values({ userId, username, linkedAt, platform })
      .onConflictDoNothing()
      .returning({ userId: chessProfiles.userId });
    return rows.length === 1;
  }

  /**
   * A profile linked on the built-in platform before the server moved to Lichess becomes the
   * Lichess one (the first Lichess link of that person; SPEC 1 holds from then on).
   */
  async moveBuiltinProfileToLichess(userId: string, username: string): Promise<void> {
    await this.db
      .update(chessProfiles)
      .set({ platform: 'lichess', username })
      .where(and(eq(chessProfiles.userId, userId), eq(chessProfiles.platform, 'builtin')));
  }

  /** Mirrors the linked name on the user, which `Me.chessUsername` reads. */
  async setChessUsername(userId: string, username: string): Promise<void> {
    await this.db.update(users).set({ chessUsername: username }).where(eq(users.id, userId));
  }

  async ratings(userIds: string[], family?: RatingFamily): Promise<StoredRating[]> {
    if (userIds.length === 0) return [];
    const where = family
      ? and(inArray(chessRatings.userId, userIds), eq(chessRatings.family, family))
      : inArray(chessRatings.userId, userIds);
    return this.db
      .select({
        userId: chessRatings.userId,
        family: chessRatings.family,
        rating: chessRatings.rating,
        rd: chessRatings.rd,
        volatility: chessRatings.volatility,
        games: chessRatings.games,
      })
      .from(chessRatings)
      .where(where);
  }

  /** The players' rating rows under FOR UPDATE, in id order (one order everywhere: no deadlock). */
  async lockRatings(userIds: string[], family: RatingFamily): Promise<StoredRating[]> {
    const sorted = [...userIds].sort();
    return this.db
      .select({
        userId: chessRatings.userId,
        family: chessRatings.family,
        rating: chessRatings.rating,
        rd: chessRatings.rd,
        volatility: chessRatings.volatility,
        games: chessRatings.games,
      })
      .from(chessRatings)
      .where(and(inArray(chessRatings.userId, sorted), eq(chessRatings.family, family)))
      .orderBy(chessRatings.userId)
      .for('update');
  }

  async saveRating(r: StoredRating, at: Date): Promise<void> {
    await this.db
      .insert(chessRatings)
      .values({ ...r, updatedAt: at })
      .onConflictDoUpdate({
        target: [chessRatings.userId, chessRatings.family],
        set: { rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games, updatedAt: at },
      });
  }

  /** Issue 19: each player's shown rating after a rated game, once per player and game. */
  async recordRatings(
    gameId: string,
    family: RatingFamily,
    ratings: readonly { userId: string; rating: number }[],
    at: Date,
  ): Promise<void> {
    if (ratings.length === 0) return;
    await this.db
      .insert(ratingHistory)
      .values(ratings.map((r) => ({ userId: r.userId, gameId, family, rating: r.rating, at })))
      .onConflictDoNothing();
  }
}
