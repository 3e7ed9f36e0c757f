import { TEXTS } from '../texts.ts';
import { SOCIAL_TEXTS } from './texts.ts';

/**
 * Ours: distinct reporters (each from their own game against the player) whose open reports
 * restrict the player's withdrawals without an admin. One is a grudge any loser can file; two
 * strangers from two different games agreeing is a signal worth freezing money for until an
 * admin looks. An admin decision can restrict on one report and dismissing lifts it either way.
 */
export const REPORTERS_TO_RESTRICT = 2;

/** The two seats of a game, as the play capability stores them. */
export interface GameSeats {
  whiteId: string;
  blackId: string;
}

/** The other player of `uid` in a game, or null when `uid` did not play it. */
export function opponentIn(game: GameSeats, uid: string): string | null {
  if (game.whiteId === uid) return game.blackId;
  if (game.blackId === uid) return game.whiteId;
  return null;
}

export type ReportAdmission =
  { ok: true } | { ok: false; reason: 'unverified' | 'notOpponent' | 'duplicate'; message: string };

/**
 * Whether `reporter` may report `target` for a game: only a verified account, only the
 * target's opponent in that game (played or being played; an unknown game is no game of
 * theirs), and once per reporter and game. The caller has already run checkPlayerReport.
 */
export function reportAdmission(opts: {
  reporter: string;
  reporterVerified: boolean;
  target: string;
  game: GameSeats | null;
  alreadyReported: boolean;
}): ReportAdmission {
  // SPEC 6: reporting is a player's right, and an unverified email is not yet a player's account.
  if (!opts.reporterVerified) return { ok: false, reason: 'unverified', message: TEXTS.onlyVerified };
  if (!opts.game || opponentIn(opts.game, opts.reporter) !== opts.target) {
    return { ok: false, reason: 'notOpponent', message: SOCIAL_TEXTS.reportNotOpponent };
  }
  if (opts.alreadyReported) return { ok: false, reason: 'duplicate', message: SOCIAL_TEXTS.reportAlreadySent };
  return { ok: true };
}

/** An open (not dismissed) report about a player, as the restriction rule needs it. */
export interface OpenReport {
  reporter: string;
  gameId: string;
  time: Date;
}

/**
 * When the open reports about a player restrict their withdrawals on their own: the moment
 * REPORTERS_TO_RESTRICT distinct reporters had reported, or null while fewer agree. A
 * reporter's later reports add nothing (one person is one voice), and distinct reporters are
 * distinct games, since reportAdmission lets only the player's one opponent of a game report
 * it. The restriction is then active from 5 minutes after that time (restrictionActive).
 */
export function reportsRestrictionAt(reports: readonly OpenReport[]): Date | null {
  const first = new Map<string, number>();
  for (const r of reports) {
    const t = r.time.getTime();
    const seen = first.get(r.reporter);
    if (seen === undefined || t < seen) first.set(r.reporter, t);
  }
  const times = [...first.values()].sort((a, b) => a - b);
  const reached = times[REPORTERS_TO_RESTRICT - 1];
  return reached === undefined ? null : new Date(reached);
}
