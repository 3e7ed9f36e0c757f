/** SPEC 9: the leaderboard counts wins after 7 July 2022, summing the wager; 15 rows a page. */
export const LEADERBOARD_SINCE = new Date('2022-07-08T00:00:00.000Z');
export const LEADERBOARD_PAGE_SIZE = 15;
export const LANDING_LEADERBOARD_SIZE = 15;

/** Ranks 1-3 get medals (SPEC 2). */
export function medalOf(rank: number): 'gold' | 'silver' | 'bronze' | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null;
}
