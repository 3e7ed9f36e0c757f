import { defaultRating, isProvisional, RATING_FAMILIES, shownRating, type RatingFamily } from '@rush/domain';
import type { RatingView, RatingsResponse } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { LichessLinkStore, type LichessAccountRow } from './lichess-link.store.ts';
import { ProfileStore } from './profiles.store.ts';

/**
 * A Lichess-linked user's rating in a family, as /api/account answered at the link or the last
 * refresh; a family without games is Lichess's provisional 1500.
 */
function lichessView(row: LichessAccountRow, family: RatingFamily): RatingView {
  const [rating, rd, games, provisional] =
    family === 'blitz'
      ? [row.blitzRating, row.blitzRd, row.blitzGames, row.blitzProvisional]
      : [row.rapidRating, row.rapidRd, row.rapidGames, row.rapidProvisional];
  if (rating === null) return { family, rating: 1500, rd: 500, provisional: true, games: 0 };
  return { family, rating, rd: rd ?? 0, provisional: provisional ?? false, games: games ?? 0 };
}

/**
 * A user's chess profile and ratings (1500 shown by default, SPEC 9). With a Lichess link the
 * ratings are the Lichess account's (issue 15: eligibility and provisional come from it).
 */
export class RatingsReader {
  constructor(private readonly db: Db) {}

  async of(uid: string): Promise<RatingsResponse> {
    const profiles = new ProfileStore(this.db);
    const card = (await profiles.cards([uid])).get(uid);
    if (!card) throw notFound();
    const [profile, rows] = await Promise.all([profiles.profile(uid), profiles.ratings([uid])]);
    const view = (family: RatingFamily): RatingView => {
      const row = rows.find((r) => r.family === family);
      const r = row ?? { ...defaultRating(), games: 0 };
      return { family, rating: shownRating(r), rd: Math.round(r.rd), provisional: isProvisional(r), games: r.games };
    };
    const lichess = profile?.platform === 'lichess' ? await new LichessLinkStore(this.db).account(uid) : null;
    const [blitz, rapid] = RATING_FAMILIES.map((f) => (lichess ? lichessView(lichess, f) : view(f))) as [
      RatingView,
      RatingView,
    ];
    return {
      uid,
      chessUsername: profile?.username ?? null,
      linked: profile !== null,
      linkedAt: profile ? profile.linkedAt.toISOString() : null,
      ratings: { blitz, rapid },
    };
  }
}
