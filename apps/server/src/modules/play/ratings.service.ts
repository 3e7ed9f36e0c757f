import { defaultRating, isProvisional, RATING_FAMILIES, shownRating, type RatingFamily } from '@rush/domain';
import type { RatingView, RatingsResponse } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { ProfileStore } from './profiles.store.ts';

/** A user's chess profile and ratings (1500 shown by default, SPEC 9). */
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
    const [blitz, rapid] = RATING_FAMILIES.map(view) as [RatingView, RatingView];
    return {
      uid,
      chessUsername: profile?.username ?? null,
      linked: profile !== null,
      linkedAt: profile ? profile.linkedAt.toISOString() : null,
      ratings: { blitz, rapid },
    };
  }
}
