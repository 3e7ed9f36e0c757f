import { codePointLength, oneLine } from '../text/control.ts';

/** Ours (issue 12): the longest ban reason kept; the console's field says so. */
export const BAN_REASON_MAX = 500;

export const MODERATION_TEXTS = {
  // ours (issue 12): a ban is shown to the player and in the banned list (SPEC 3 Banned user: reason)
  banReasonRequired: 'A reason is required to ban a player.',
  banReasonTooLong: `The reason may be at most ${BAN_REASON_MAX} characters.`,
  // ours: the reason a confirmed cheating report bans with when the admin writes none
  cheatingConfirmed: 'Cheating confirmed after a player report.',
  // SPEC 6, 8: shown for 3 s when the user has no account on the external chess platform
  noChessAccount: 'No LiChess account',
} as const;

export type BanDecision =
  | { ok: true; banned: true; reason: string }
  | { ok: true; banned: false; reason: null }
  | { ok: false; message: string };

/**
 * SPEC 7 banPlayer {uid, newState}: banning needs a reason (one line, at most BAN_REASON_MAX
 * characters), so the banned list and the player's notice can say why; unbanning clears it.
 */
export function decideBan(input: { banned: boolean; reason: string }): BanDecision {
  if (!input.banned) return { ok: true, banned: false, reason: null };
  const reason = oneLine(input.reason);
  if (reason === '') return { ok: false, message: MODERATION_TEXTS.banReasonRequired };
  if (codePointLength(reason) > BAN_REASON_MAX) return { ok: false, message: MODERATION_TEXTS.banReasonTooLong };
  return { ok: true, banned: true, reason };
}

/** Confirming a cheating report bans with the admin's reason, or the standard one when none is given. */
export function cheatingBanReason(given: string): string {
  const reason = oneLine(given);
  return reason === '' ? MODERATION_TEXTS.cheatingConfirmed : reason;
}

/**
 * SPEC 6 "open a user's chess profile" (SPEC 7 getUserLichessUrl): the Lichess profile page, or
 * null when the user has no Lichess account ('No LiChess account'). An account linked on the
 * built-in platform has no external page, so it is null too; the console shows its username.
 */
export function chessProfileUrl(profile: { platform: 'builtin' | 'lichess'; username: string } | null): string | null {
  if (!profile || profile.platform !== 'lichess') return null;
  return `https://lichess.org/@/${encodeURIComponent(profile.username)}`;
}
