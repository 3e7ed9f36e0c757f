import { z } from 'zod';
import { USERNAME_COLOR_IDS } from '@rush/domain';
import { RatingView } from './play.ts';
import { isoTime } from '../time.ts';

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A player's public card and charts (issue 19): the History overlay shows the user's own series,
 * the profile dialog (opened from a player's name) anyone's. What is public is decided on the
 * server (modules/stats/players.service.ts); both reads answer visitors too.
 */

/** GET PLAYER_ROUTES.card: who the player is and how they play. */
export const PlayerCardResponse = z.object({
  uid: z.string(),
  username: z.string(),
  usernameColor: z.enum(USERNAME_COLOR_IDS),
  avatarUrl: z.string().nullable(),
  /** When the account was made. */
  memberSince: isoTime,
  ratings: z.object({ blitz: RatingView, rapid: RatingView }),
  /** Finished games that counted (aborted and unstarted games left out). */
  record: z.object({
    played: z.number().int().min(0),
    won: z.number().int().min(0),
    lost: z.number().int().min(0),
    drawn: z.number().int().min(0),
  }),
});
export type PlayerCardResponse = z.infer<typeof PlayerCardResponse>;

/** The rating after one rated game. */
export const RatingPointView = z.object({ at: isoTime, rating: z.number().int() });
export type RatingPointView = z.infer<typeof RatingPointView>;

/** The wagers won and lost so far (minor units), after one game that won or lost money. */
export const MoneyPointView = z.object({ at: isoTime, won: minor, lost: minor });
export type MoneyPointView = z.infer<typeof MoneyPointView>;

/**
 * GET PLAYER_ROUTES.series: each series in time order, at most 500 points (a longer one is
 * thinned evenly, keeping its first and last point, so the last point is the current figure).
 */
export const PlayerSeriesResponse = z.object({
  uid: z.string(),
  ratings: z.object({ blitz: z.array(RatingPointView), rapid: z.array(RatingPointView) }),
  money: z.object({ usd: z.array(MoneyPointView), wbx: z.array(MoneyPointView) }),
});
export type PlayerSeriesResponse = z.infer<typeof PlayerSeriesResponse>;
