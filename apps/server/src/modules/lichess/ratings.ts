import { RATING_FAMILIES, type RatingFamily } from '@rush/domain';
import type { RatingView } from '@rush/protocol';
import type { DbOrTx } from '../../platform/db/database.ts';
import { LichessLinkStore, type LichessAccountRow } from './link.store.ts';

/**
 * A Lichess-linked user's rating in a family, as /api/account answered at the link or the last
 * refresh; a family without games is Lichess's provisional 1500.
 */
export function lichessRatingView(row: LichessAccountRow, family: RatingFamily): RatingView {
  const [rating, rd, games, provisional] =
    family === 'blitz'
      ? [row.blitzRating, row.blitzRd, row.blitzGames, row.blitzProvisional]
      : [row.rapidRating, row.rapidRd, row.rapidGames, row.rapidProvisional];
  if (rating === null) return { family, rating: 1500, rd: 500, provisional: true, games: 0 };
  return { family, rating, rd: rd ?? 0, provisional: provisional ?? false, games: games ?? 0 };
}

/**
 * The linked Lichess account's ratings (issue 15: eligibility and the provisional block come from
 * them), null without a Lichess link. Play's ratings and matchmaking's facts read them through this
 * (play as its LinkedRatingsPort, handed over by the composition root).
 */
export async function linkedLichessRatings(db: DbOrTx, uid: string): Promise<Record<RatingFamily, RatingView> | null> {
  const row = await new LichessLinkStore(db).account(uid);
  if (!row) return null;
  const [blitz, rapid] = RATING_FAMILIES.map((f) => lichessRatingView(row, f)) as [RatingView, RatingView];
  return { blitz, rapid };
}
