import { z } from 'zod';
import { CURRENCIES, GAME_MODE_IDS, MIN_REQUIREMENT_MAX } from '@rush/domain';
import { DeviceGps } from './http/wallet.ts';
import { isoTime } from './time.ts';

/**
 * The return time an admin types into the announcement: any text `Date.parse` reads (the route
 * checks it); the web sends an ISO timestamp, but the stored announcement keeps what was sent.
 */
const adminTimeText = z.string();

/**
 * Matchmaking and wagers on the wire (issue 5): the catalogue of modes and wagers, app state
 * (pause and announcement), the start wizard's options, the queue, challenges, the
 * leaderboard, the landing, and the admin APIs that change the catalogue.
 *
 * Conventions
 * - Money on the wire is minor units (USD cents, RC hundredths) as safe integers; `bet`/`value`
 *   are the wager's whole units as in the wizard's query (`bet=5&c=usd` is USD $5).
 * - Refusals answer an `ErrorBody` whose `message` is the SPEC text to show and whose `code` is
 *   `MATCH_REFUSED` (eligibility: `fields.reason` carries the domain `RefusalCode`, e.g.
 *   `wallet` -> show DEPOSIT FUNDS to /wallet, `paused` -> show the announcement, `login` ->
 *   go to /login), `CONFLICT` ('User is already in a match', 'The match has already ended or
 *   doesn't exist'), `TOO_SOON` (a call within 3 s of the previous one: ignored, nothing changed).
 * - Every change of a user's matchmaking record is pushed on `user:{uid}` as
 *   `matchmaking.changed` with the whole record (or null); clients never patch it.
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const uid = z.string().min(1).max(64);
const publicId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const CurrencySchema = z.enum(CURRENCIES);
const modeId = z.enum(GAME_MODE_IDS);
const bet = z.number().int().min(0).max(1_000_000);

// ---------------------------------------------------------------------------------------------
// Catalogue and app state (SPEC 3)

export const ModeView = z.object({
  id: modeId,
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  order: z.number().int(),
  value: z.string(),
});
export type ModeView = z.infer<typeof ModeView>;

export const WagerView = z.object({
  currency: CurrencySchema,
  key: z.string(),
  name: z.string(),
  value: z.number().int(),
  status: z.enum(['active', 'inactive']),
  provisionalStatus: z.boolean(),
  minRequirement: z.number().int(),
});
export type WagerView = z.infer<typeof WagerView>;

export const CatalogResponse = z.object({ modes: z.array(ModeView), wagers: z.array(WagerView) });
export type CatalogResponse = z.infer<typeof CatalogResponse>;

export const AnnouncementView = z.object({
  show: z.boolean(),
  title: z.string(),
  text: z.string(),
  returnTime: adminTimeText.nullable(),
});
export type AnnouncementView = z.infer<typeof AnnouncementView>;

export const AppStateView = z.object({ paused: z.boolean(), announcement: AnnouncementView });
export type AppStateView = z.infer<typeof AppStateView>;

// ---------------------------------------------------------------------------------------------
// The wizard's options for the signed-in user (SPEC 7 getMyVerifiedGameTypes)

export const RefusalView = z.object({ code: z.string(), message: z.string() });
export type RefusalView = z.infer<typeof RefusalView>;

export const WagerOptionView = z.object({
  key: z.string(),
  name: z.string(),
  value: z.number().int(),
  amount: minor,
  /** Null when the user may play it; else why not (shown on the Play step). */
  refusal: RefusalView.nullable(),
});
export type WagerOptionView = z.infer<typeof WagerOptionView>;

export const OptionsQuery = z.object({
  gameType: modeId.optional(),
  /** The wizard's `challengeid` (a uid): the answer then names that user (Challenging {username}). */
  challengeid: uid.optional(),
});
/**
 * GET options: for one mode (default: the default game type), the wagers per currency with the
 * bet-limit-hidden USD values left out, and the account-wide refusal (banned, paused, no
 * balance) if any. `usd`/`wbx` are in ascending order.
 */
export const OptionsResponse = z.object({
  gameType: modeId.nullable(),
  account: RefusalView.nullable(),
  wagers: z.object({ usd: z.array(WagerOptionView), wbx: z.array(WagerOptionView) }),
  /** contentCreator: may use giveaway mode (SPEC 4). */
  contentCreator: z.boolean(),
  /** With `challengeid`: the user being challenged (null when unknown). Optional on the wire. */
  challengee: z.object({ uid: z.string(), username: z.string() }).nullable().optional(),
});
export type OptionsResponse = z.infer<typeof OptionsResponse>;

// ---------------------------------------------------------------------------------------------
// The matchmaking record (SPEC 3)

export const MatchPlayerView = z.object({
  uid: z.string(),
  username: z.string(),
  rating: z.number().int(),
  provisional: z.boolean(),
  avatarUrl: z.string().nullable(),
});
export type MatchPlayerView = z.infer<typeof MatchPlayerView>;

/**
 * - `searching`: in the queue (`startedAt` drives the wait timer, restarted on each search).
 * - `matched`: an opponent is found; both accept before `acceptDeadline`.
 * - `starting`: both accepted; stakes are moving to escrow and the game is being created
 *   ("Match starting...").
 * - `playing`: the game exists (`gameId`), "Match in progress"; /match shows the game.
 * - `finished`: the game ended (`result`); Done clears the record; Rematch; Find New Match.
 * - `notFound`: 'No match found' (Search Again / Cancel).
 * - `declined`: `declinedBy` me ('You declined the match') or opponent ('Opponent declined the
 *   match'), with Back / Search Again.
 * - `error`: `message` then 'Please search again later' (Search Again / Cancel); e.g. 'You have
 *   insufficient balance' when a stake could not be taken, 'Could not start game'.
 */
export const MATCH_STATES = [
  'searching',
  'matched',
  'starting',
  'playing',
  'finished',
  'notFound',
  'declined',
  'error',
] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export const MatchResultView = z.object({
  /** uid of the winner; null for a draw or a cancelled game. */
  winner: z.string().nullable(),
  outcome: z.enum(['win', 'loss', 'draw', 'cancelled']),
  /** What the user received back (payout, or the refund), minor units; 0 for a loss. */
  payout: minor,
  /** The user's rating change. */
  ratingDiff: z.number().int().nullable(),
  finishedAt: isoTime,
});
export type MatchResultView = z.infer<typeof MatchResultView>;

export const MatchmakingView = z.object({
  id: z.string(),
  state: z.enum(MATCH_STATES),
  gameType: modeId,
  currency: CurrencySchema,
  bet: z.number().int(),
  /** The stake in minor units; the pot is twice it, the winner gets the pot minus 10%. */
  amount: minor,
  /** timeStarted: when this search started (the wait timer). */
  startedAt: isoTime,
  me: MatchPlayerView,
  opponent: MatchPlayerView.nullable(),
  accepted: z.object({ me: z.boolean(), opponent: z.boolean() }),
  acceptDeadline: isoTime.nullable(),
  declinedBy: z.enum(['me', 'opponent']).nullable(),
  gameId: z.string().nullable(),
  /** The text to show for notFound and error states; null otherwise. */
  message: z.string().nullable(),
  result: MatchResultView.nullable(),
  /** Set when the record came from a challenge (Challenging {username}). */
  challengeId: z.string().nullable(),
  /**
   * SPEC 3 matchData.isGiveawayMode: a content creator's giveaway, funded by `giveawayBy` alone
   * (the other player staked nothing). Absent from an older server: not a giveaway.
   */
  isGiveawayMode: z.boolean().default(false),
  giveawayBy: z.string().nullable().default(null),
  serverNow: isoTime,
});
export type MatchmakingView = z.infer<typeof MatchmakingView>;

export const CurrentMatchmakingResponse = z.object({ matchmaking: MatchmakingView.nullable() });
export type CurrentMatchmakingResponse = z.infer<typeof CurrentMatchmakingResponse>;
/** What seek, join, accept/decline/cancel/done/rematch and a challenge's accept answer: the record after the call. */
export const MatchmakingResponse = z.object({ matchmaking: MatchmakingView.nullable() });
export type MatchmakingResponse = z.infer<typeof MatchmakingResponse>;

/** POST seek (SPEC 7 startMatchMaking {bet, c, gameType}). Answers MatchmakingResponse. */
export const SeekRequest = z.object({
  gameType: modeId,
  c: CurrencySchema,
  bet,
  /** Required for USD (SPEC 1: location services to play); the browser's Geolocation fix. */
  deviceGps: DeviceGps.optional(),
});
export type SeekRequest = z.infer<typeof SeekRequest>;

/** POST join (SPEC 7 joinMatchmakingLobby {uid}): join a user who is searching. */
export const JoinRequest = z.object({ uid, deviceGps: SeekRequest.shape.deviceGps });
export type JoinRequest = z.infer<typeof JoinRequest>;

/** `matchmaking.changed` on `user:{uid}`. */
export const MatchmakingChangedData = z.object({ matchmaking: MatchmakingView.nullable() });

// ---------------------------------------------------------------------------------------------
// Challenges (SPEC 3 Challenge: username, gameType, currency, wager)

export const ChallengeView = z.object({
  id: z.string(),
  from: z.object({ uid: z.string(), username: z.string() }),
  to: z.object({ uid: z.string(), username: z.string() }),
  gameType: modeId,
  currency: CurrencySchema,
  bet: z.number().int(),
  amount: minor,
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  createdAt: isoTime,
  expiresAt: isoTime,
  /** A content creator's giveaway: `amount` is the prize, the challenged player stakes nothing. */
  isGiveawayMode: z.boolean().default(false),
});
export type ChallengeView = z.infer<typeof ChallengeView>;

/** POST challenge: to a user by uid (friends list and online list). Answers the ChallengeView. */
export const CreateChallengeRequest = z.object({
  uid,
  gameType: modeId,
  c: CurrencySchema,
  bet,
  deviceGps: SeekRequest.shape.deviceGps,
  /** SPEC 4 giveaway mode: content creators only (anyone else is refused, 400 MATCH_REFUSED). */
  giveaway: z.boolean().optional(),
});
export type CreateChallengeRequest = z.infer<typeof CreateChallengeRequest>;
export const AcceptChallengeRequest = z.object({ deviceGps: SeekRequest.shape.deviceGps });
export const ChallengesResponse = z.object({ incoming: z.array(ChallengeView), outgoing: z.array(ChallengeView) });
/** POST decline or cancel: the closed challenge. */
export const ChallengeResponse = z.object({ challenge: ChallengeView });
export type ChallengesResponse = z.infer<typeof ChallengesResponse>;
/** `challenge.received` (to the challenged) and `challenge.closed` (to both). */
export const ChallengeEventData = z.object({ challenge: ChallengeView });
export type ChallengeEventData = z.infer<typeof ChallengeEventData>;

// ---------------------------------------------------------------------------------------------
// Leaderboard and landing (SPEC 2, 9)

export const LeaderboardQuery = z.object({
  currency: CurrencySchema.default('usd'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const LeaderboardRow = z.object({
  rank: z.number().int(),
  uid: z.string(),
  username: z.string(),
  /** Sum of the wagers of the user's wins, minor units, in the asked currency. */
  won: minor,
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;
export const LeaderboardResponse = z.object({
  currency: CurrencySchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  rows: z.array(LeaderboardRow),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

export const OngoingGameView = z.object({
  gameId: z.string(),
  gameType: modeId,
  white: z.object({ uid: z.string(), username: z.string(), rating: z.number().int() }),
  black: z.object({ uid: z.string(), username: z.string(), rating: z.number().int() }),
  currency: CurrencySchema.nullable(),
  amount: minor.nullable(),
  startedAt: isoTime,
});
export type OngoingGameView = z.infer<typeof OngoingGameView>;

/** The signed-in user's last finished game (the recent game card). */
export const RecentGameView = z.object({
  gameId: z.string(),
  opponent: z.string().nullable(),
  outcome: z.enum(['win', 'loss', 'draw', 'aborted']),
  currency: CurrencySchema.nullable(),
  amount: minor.nullable(),
  endedAt: isoTime,
  /** The payout is held for a fair-play review (issue 14): the card says so instead of "won". */
  underReview: z.boolean(),
});
export type RecentGameView = z.infer<typeof RecentGameView>;

/**
 * The landing hero's board (issue 19): the featured live game, or when none is live the latest
 * finished one, with its players. `result` is the PGN result of a finished game, null while live.
 */
export const FeaturedGameView = z.object({
  gameId: z.string(),
  live: z.boolean(),
  fen: z.string(),
  /** UCI, null before the first move. */
  lastMove: z.string().nullable(),
  white: z.object({ username: z.string(), rating: z.number().int() }),
  black: z.object({ username: z.string(), rating: z.number().int() }),
  result: z.string().nullable(),
});
export type FeaturedGameView = z.infer<typeof FeaturedGameView>;

export const LandingResponse = z.object({
  playersOnline: z.number().int(),
  totalGames: z.number().int(),
  leaderboard: z.object({ usd: z.array(LeaderboardRow), wbx: z.array(LeaderboardRow) }),
  ongoing: z.array(OngoingGameView),
  recentGame: RecentGameView.nullable(),
  /** Absent from a server older than issue 19: no featured board. */
  featured: FeaturedGameView.nullable().default(null),
});
export type LandingResponse = z.infer<typeof LandingResponse>;

// ---------------------------------------------------------------------------------------------
// Admin (SPEC 7 ADMIN: pauseNewGames, updateAnnouncement, updateGameModes, updateGameWagers,
// updateMinMatchesRequirement). Admin role only; answers the new catalogue or app state.

export const PauseRequest = z.object({ paused: z.boolean() });
export const AnnouncementRequest = z.object({
  show: z.boolean(),
  title: z.string().max(200),
  text: z.string().max(2000),
  returnTime: adminTimeText.max(40).nullable(),
});
/** The whole modes object, every mode once. */
export const UpdateModesRequest = z.object({
  modes: z
    .array(
      z.object({
        id: modeId,
        name: z.string().min(1).max(60),
        status: z.enum(['active', 'inactive']),
        order: z.number().int().min(0).max(1000),
        value: z.string().min(1).max(20),
      }),
    )
    .min(1)
    .max(GAME_MODE_IDS.length),
});
export const UpdateWagerValueRequest = z.object({ value: z.number().int().min(1).max(1_000_000) });
/** SPEC 5: min requirement 0-99999, integer. */
export const UpdateMinRequirementRequest = z.object({
  minRequirement: z.number().int().min(0).max(MIN_REQUIREMENT_MAX),
});

export const ChallengeIdParam = publicId;
