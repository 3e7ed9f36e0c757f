import { eq } from 'drizzle-orm';
import { DEFAULT_PUZZLE_RATING, defaultRating, rate, type Rating } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { puzzleRatings } from './schema.ts';

/**
 * A puzzle's own deviation in the Glicko-2 update. The catalogue keeps only the puzzle's rating;
 * Lichess puzzles that are played enough settle near this deviation.
 */
export const PUZZLE_RD = 75;

/** The user's puzzle rating (1500 until their first rated casual puzzle). */
export async function puzzleRatingOf(db: DbOrTx, uid: string): Promise<number> {
  const [row] = await db.select({ rating: puzzleRatings.rating }).from(puzzleRatings).where(eq(puzzleRatings.uid, uid));
  return row ? row.rating : DEFAULT_PUZZLE_RATING;
}

/**
 * One rated casual result against the puzzle (Glicko-2, as a game against an opponent rated
 * the puzzle's rating): solved moves the rating up, failed down. The row is locked, so two
 * results at once both count.
 */
export async function ratePuzzleResult(
  tx: DbOrTx,
  uid: string,
  puzzleRating: number,
  solved: boolean,
  now: Date,
): Promise<Rating> {
  const d = defaultRating();
  await tx
    .insert(puzzleRatings)
    .values({ uid, rating: d.rating, rd: d.rd, vol: d.volatility, games: 0, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(puzzleRatings).where(eq(puzzleRatings.uid, uid)).for('update');
  const next = rate(
    { rating: row!.rating, rd: row!.rd, volatility: row!.vol },
    { rating: puzzleRating, rd: PUZZLE_RD, volatility: d.volatility },
    solved ? 1 : 0,
  );
  await tx
    .update(puzzleRatings)
    .set({ rating: next.rating, rd: next.rd, vol: next.volatility, games: row!.games + 1, updatedAt: now })
    .where(eq(puzzleRatings.uid, uid));
  return next;
}
