/**
 * Lichess's limits on starting games (issue 31), as lila applies them: a user has about 25
 * challenge credits a minute and 200 a day, and a challenge to someone who does not follow
 * them costs 5 (so 5 a minute, 40 a day to strangers: maia1 follows nobody); one address sends
 * about 500 challenges per 10 minutes; bulk pairing (the platform's matched games) creates up to
 * 500 games every 10 minutes per operator token, more on request to Lichess. Pure: the caller
 * passes the times (ms) of what was already spent, and learns whether one more fits and, if
 * not, when it will.
 */
export const LICHESS_LIMITS = {
  userCreditsPerMinute: 25,
  userCreditsPerDay: 200,
  strangerChallengeCost: 5,
  addressChallengesPer10Min: 500,
  bulkGamesPer10Min: 500,
} as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TEN_MINUTES = 10 * MINUTE;

export type LichessLimit = 'userMinute' | 'userDay' | 'address' | 'bulk';
export type LimitVerdict = { ok: true } | { ok: false; limit: LichessLimit; retryAt: number };

/**
 * Whether `cost` more units fit a sliding window of `windowMs` holding at most `max`, given the
 * times of the units spent (one entry per unit); if not, when enough have left the window.
 */
function fits(spentAt: readonly number[], now: number, windowMs: number, max: number, cost: number) {
  const inWindow = spentAt.filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length + cost <= max) return { ok: true as const };
  // The unit whose leaving makes room for `cost` more.
  const mustLeave = inWindow.length + cost - max;
  const t = inWindow[mustLeave - 1];
  return { ok: false as const, retryAt: t === undefined ? now + windowMs : t + windowMs };
}

/**
 * One more challenge to a stranger (maia1) by a user: `userChallengesAt` are the times of the
 * user's earlier challenges to strangers (each costs 5 credits), `addressChallengesAt` those of
 * every challenge this server sent. When it does not fit, the product plays the Lichess AI
 * instead (no challenge), so a player never meets Lichess's 429.
 */
export function mayChallengeStranger(input: {
  userChallengesAt: readonly number[];
  addressChallengesAt: readonly number[];
  now: number;
}): LimitVerdict {
  const { strangerChallengeCost: cost, userCreditsPerMinute, userCreditsPerDay } = LICHESS_LIMITS;
  const credits = input.userChallengesAt.flatMap((t) => Array<number>(cost).fill(t));
  const minute = fits(credits, input.now, MINUTE, userCreditsPerMinute, cost);
  if (!minute.ok) return { ok: false, limit: 'userMinute', retryAt: minute.retryAt };
  const day = fits(credits, input.now, DAY, userCreditsPerDay, cost);
  if (!day.ok) return { ok: false, limit: 'userDay', retryAt: day.retryAt };
  const address = fits(input.addressChallengesAt, input.now, TEN_MINUTES, LICHESS_LIMITS.addressChallengesPer10Min, 1);
  if (!address.ok) return { ok: false, limit: 'address', retryAt: address.retryAt };
  return { ok: true };
}

/** `games` more bulk-paired games, given the creation times of the games paired before. */
export function mayBulkPair(input: { pairedAt: readonly number[]; games: number; now: number }): LimitVerdict {
  const r = fits(input.pairedAt, input.now, TEN_MINUTES, LICHESS_LIMITS.bulkGamesPer10Min, input.games);
  return r.ok ? r : { ok: false, limit: 'bulk', retryAt: r.retryAt };
}

export const LICHESS_LIMIT_TEXTS = {
  // ours: shown on the match screen, where a failed start offers Search Again or Cancel (SPEC 4).
  bulkExhausted:
    'Lichess allows this platform to start 500 games every 10 minutes, and that many have just started. Your stake was returned; please search again in a few minutes.',
} as const;
