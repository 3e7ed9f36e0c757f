import { z } from 'zod';
import { CURRENCIES } from '@rush/domain';
import {
  ColorSchema,
  GameModeIdSchema,
  GameStatusSchema,
  GameView,
  InvitationView,
  RatingFamilySchema,
} from '../play.ts';
import { isoTime } from '../time.ts';

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Play over HTTP (issue 4): ratings and the chess-account link, the current game, history, invitations. */

export const RatingView = z.object({
  family: RatingFamilySchema,
  rating: z.number().int(),
  rd: z.number().int(),
  provisional: z.boolean(),
  games: z.number().int(),
});
export type RatingView = z.infer<typeof RatingView>;

export const RatingsResponse = z.object({
  uid: z.string(),
  chessUsername: z.string().nullable(),
  linked: z.boolean(),
  linkedAt: isoTime.nullable(),
  ratings: z.object({ blitz: RatingView, rapid: RatingView }),
});
export type RatingsResponse = z.infer<typeof RatingsResponse>;

/** POST link: `{}`. Answers the ratings; `rewardGranted` is true when the 500 RC were credited now. */
export const LinkChessRequest = z.object({}).strict();
export const LinkChessResponse = RatingsResponse.extend({ rewardGranted: z.boolean() });
export type LinkChessResponse = z.infer<typeof LinkChessResponse>;

/**
 * Lichess link (issue 15), with CHESS_PLATFORM=lichess. POST start `{}` answers the Lichess
 * authorization URL to send the browser to (PKCE state and verifier stay on the server, bound to
 * the user, 10 minutes, used once); POST callback `{ state, code }` or `{ state, error }` (what
 * Lichess put on /callbacklichess) links the account and answers like POST link.
 */
export const LichessLinkStartRequest = z.object({}).strict();
export const LichessLinkStartResponse = z.object({ url: z.string() });
export type LichessLinkStartResponse = z.infer<typeof LichessLinkStartResponse>;
export const LichessLinkCallbackRequest = z
  .object({
    state: z.string().max(200),
    code: z.string().max(1024).optional(),
    error: z.string().max(200).optional(),
  })
  .strict();
export type LichessLinkCallbackRequest = z.infer<typeof LichessLinkCallbackRequest>;

/**
 * GET status: the Lichess link as it stands now. Asks Lichess with the stored token (refreshing
 * the ratings); `needsReauthorisation` when Lichess refused the token (revoked or expired): the
 * same account must authorise again through start.
 */
export const LichessLinkStatusResponse = z.object({
  linked: z.boolean(),
  username: z.string().nullable(),
  needsReauthorisation: z.boolean(),
  refreshedAt: isoTime.nullable(),
});
export type LichessLinkStatusResponse = z.infer<typeof LichessLinkStatusResponse>;

export const CurrentGameResponse = z.object({ game: GameView.nullable() });
export type CurrentGameResponse = z.infer<typeof CurrentGameResponse>;

/** SPEC 2 History modal, one finished game. */
export const HistoryItem = z.object({
  gameId: z.string(),
  mode: GameModeIdSchema,
  status: GameStatusSchema,
  statusText: z.string(),
  /** The opponent; null shows "None". */
  opponent: z.object({ uid: z.string(), username: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  color: ColorSchema,
  outcome: z.enum(['win', 'loss', 'draw', 'aborted']),
  /** "W: 5.00 $", "L: 100.00 RC", "W: " when unstaked; "D: " for draws and "Aborted: 50.00 RC returned" (ours). */
  resultText: z.string(),
  stake: z.object({ currency: z.enum(CURRENCIES), amount: minor }).nullable(),
  /** Fair play (issue 14): the payout is held while an admin reviews the game ("Under review"). */
  underReview: z.boolean(),
  /** YYYY/MM/DD (UTC). */
  date: z.string(),
  endedAt: isoTime,
  /**
   * Analyze (SPEC 2, new tab): a game played on the external platform opens there from Black's
   * side, as the SPEC says; one of ours opens our replay from the user's side.
   */
  analyzeUrl: z.string(),
  pgnUrl: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const HISTORY_PAGE_SIZE = 20;
/** SPEC 7 getMyCashGames / getMyWBXGames: `currency` keeps the games staked in it; none keeps all. */
export const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  currency: z.enum(CURRENCIES).optional(),
});
export type HistoryFilter = NonNullable<z.infer<typeof HistoryQuery>['currency']>;
export const HistoryResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(HistoryItem),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export const CreateInvitationRequest = z.object({ username: z.string().min(1).max(64), mode: GameModeIdSchema });
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;
export const InvitationsResponse = z.object({ incoming: z.array(InvitationView), outgoing: z.array(InvitationView) });
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;
export const AcceptInvitationResponse = z.object({ gameId: z.string() });
