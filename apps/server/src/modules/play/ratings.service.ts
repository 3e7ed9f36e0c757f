import { defaultRating, isProvisional, RATING_FAMILIES, shownRating, type RatingFamily } from '@rush/domain';
import type { RatingView, RatingsResponse } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { ProfileStore } from './profiles.store.ts';

/**
 * A Lichess-linked user's ratings (null without a link): the lichess module reads them, and the
 * composition root hands them to play, which does not know Lichess's tables.
 */
export type LinkedRatingsPort = (uid: string) => Promise<Record<RatingFamily, RatingView> | null>;

/** What the link services answer with: a user's profile and ratings. */
export interface RatingsPort {
  of(uid: string): Promise<RatingsResponse>;
}

/**
 * A user's chess profile and ratings (1500 shown by default, SPEC 9). With a Lichess link the
 * ratings are the Lichess account's (issue 15: eligibility and provisional come from it).
 */
export class RatingsReader implements RatingsPort {
  constructor(
    private readonly db: Db,
    private readonly linkedRatings: LinkedRatingsPort,
  ) {}

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
    const lichess = profile?.platform === 'lichess' ? await this.linkedRatings(uid) : null;
    const [blitz, rapid] = RATING_FAMILIES.map((f) => lichess?.[f] ?? view(f)) as [RatingView, RatingView];
    return {
      uid,
      chessUsername: profile?.username ?? null,
      linked: profile !== null,
      linkedAt: profile ? profile.linkedAt.toISOString() : null,
      ratings: { blitz, rapid },
    };
  }
}
