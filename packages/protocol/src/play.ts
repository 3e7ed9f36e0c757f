import { z } from 'zod';
import { COLORS, CURRENCIES, GAME_MODE_IDS, GAME_STATUSES, RATING_FAMILIES, USERNAME_COLOR_IDS } from '@rush/domain';
import { isoTime } from './time.ts';

/**
 * The play capability on the wire (issue 4): live games, clocks, offers, chat, spectating,
 * ratings, history, the chess-account link and direct invitations.
 *
 * Conventions
 * - Times are ISO-8601 strings of the SERVER clock. A client estimates its offset once per
 *   message as `serverNow - Date.now()` (see `ClockView`).
 * - `ply` counts half-moves. A move command names the ply the move WILL have (1 for White's
 *   first move), i.e. `view.ply + 1`; `game.moved` carries the same number, after which
 *   `view.ply === ply`. A resend of an already applied ply with the same uci is acknowledged
 *   (`duplicate: true`) and changes nothing; any other ply is refused with CONFLICT, and the
 *   client refetches `GET game`.
 * - `version` (in GameView and in every state event on `game:{id}`) is the game row's own
 *   version in the database: it survives restarts, unlike the hub's per-topic `v`. A client
 *   applies an event only when `event.version === view.version + 1`; on any gap it refetches.
 *   Events with no `version` (presence, spectators, chats) never change the board.
 * - Errors of commands arrive as acks `{ ok: false, error: { code, message } }` with the codes
 *   of `ERROR_STATUS`: VALIDATION (bad payload), NOT_FOUND (no such game), FORBIDDEN (not a
 *   player / not allowed), CONFLICT (wrong ply, game over, offer state), BAD_REQUEST (illegal
 *   move, too early), UNAUTHENTICATED (visitor), RATE_LIMITED. `message` is the text to show.
 */

/** Public ids (games, invitations): what `game:{id}` topics accept too. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** Minor units on the wire: safe integers (USD cents, RC hundredths). */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A move in UCI: from, to and an optional promotion piece ("e2e4", "e7e8q"). */
export const Uci = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/);

export const ColorSchema = z.enum(COLORS);
export const GameModeIdSchema = z.enum(GAME_MODE_IDS);
export const GameStatusSchema = z.enum(GAME_STATUSES);
export const RatingFamilySchema = z.enum(RATING_FAMILIES);

/** SPEC 5 chat (domain checkChatText, 140 code points after trimming): the edge takes more so the rule answers in words. */
const chatText = z.string().max(1000);

/** One side of the board. `rating` is the player's rating in the mode's family (1500 by default). */
export const PlayerView = z.object({
  uid: z.string(),
  username: z.string(),
  rating: z.number().int(),
  provisional: z.boolean(),
  avatarUrl: z.string().nullable(),
  usernameColor: z.enum(USERNAME_COLOR_IDS),
  /** A socket of this player is open (on any instance). */
  connected: z.boolean(),
  /** Rating change from this game once it is finished and rated; null otherwise. */
  ratingDiff: z.number().int().nullable(),
});
export type PlayerView = z.infer<typeof PlayerView>;

/**
 * Both clocks. `whiteMs`/`blackMs` are the remaining times at `runningSince` (for the side to
 * move) or now (for the other side). The side to move's clock shows
 * `ms - (serverTimeNow - runningSince)` where `serverTimeNow = Date.now() + (serverNow - receivedAt)`.
 * `runningSince` is null while no clock runs (until both sides made their first move, each of
 * which has `firstMoveDeadline` instead; and after the end).
 */
export const ClockView = z.object({
  initialMs: z.number().int(),
  incrementMs: z.number().int(),
  whiteMs: z.number().int(),
  blackMs: z.number().int(),
  runningSince: isoTime.nullable(),
  serverNow: isoTime,
});
export type ClockView = z.infer<typeof ClockView>;

/** Pending offers: the colour that made each, or null. */
export const OffersView = z.object({
  draw: ColorSchema.nullable(),
  takeback: ColorSchema.nullable(),
  rematch: ColorSchema.nullable(),
});
export type OffersView = z.infer<typeof OffersView>;

/** The wager on a game (matchmaking, bot games; null for friendly games). `pot` is both shares: twice the stake, or the stake and the house's share against a bot. */
export const StakeView = z.object({ currency: z.enum(CURRENCIES), amount: minor, pot: minor });
export type StakeView = z.infer<typeof StakeView>;

/** A player whose sockets all closed: after `graceEndsAt` the opponent may `game.claimVictory`. */
export const DisconnectView = z.object({ color: ColorSchema, graceEndsAt: isoTime });
export type DisconnectView = z.infer<typeof DisconnectView>;

/** Player chat (players only, never sent to spectators). */
export const ChatLine = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  color: ColorSchema,
  text: z.string(),
  sentAt: isoTime,
});
export type ChatLine = z.infer<typeof ChatLine>;

/** SPEC 3 spectator message: uid, username, text, sentAt. */
export const SpectatorChatLine = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  text: z.string(),
  sentAt: isoTime,
});
export type SpectatorChatLine = z.infer<typeof SpectatorChatLine>;

/**
 * The whole state of a game as one viewer sees it (like Lichess gameFull). `GET game` answers
 * it, and the `game:{id}` topic's resync carries it as the snapshot.
 */
export const GameView = z.object({
  id: z.string(),
  mode: GameModeIdSchema,
  rated: z.boolean(),
  status: GameStatusSchema,
  /** SPEC 4 text of a finished status; null while started. */
  statusText: z.string().nullable(),
  white: PlayerView,
  black: PlayerView,
  /** The side a chess engine plays (a bot game: no draw or takeback offers to it); null between people. */
  engine: ColorSchema.nullable(),
  initialFen: z.string(),
  /** UCI moves from the initial position. */
  moves: z.array(z.string()),
  /** The same moves in SAN, for the move list. */
  san: z.array(z.string()),
  fen: z.string(),
  ply: z.number().int(),
  turn: ColorSchema,
  clock: ClockView,
  winner: ColorSchema.nullable(),
  createdAt: isoTime,
  endedAt: isoTime.nullable(),
  /** While no move is made: when the game ends as `nostart` (SPEC 4 "Game didn't start"). */
  firstMoveDeadline: isoTime.nullable(),
  offers: OffersView,
  stake: StakeView.nullable(),
  /** Fair play (issue 14): the pot is held in escrow while an admin reviews the game ("Under review"). */
  underReview: z.boolean(),
  disconnect: DisconnectView.nullable(),
  spectators: z.number().int(),
  /** Player chat: filled for the two players only, empty for everybody else. */
  chat: z.array(ChatLine),
  spectatorChat: z.array(SpectatorChatLine),
  /** The viewer's colour, null for spectators and visitors. */
  you: ColorSchema.nullable(),
  /** SPEC 4 result title for this viewer once finished (CONGRATS, Unlucky, DRAW, ABORTED, GAME ENDED). */
  resultTitle: z.enum(['CONGRATS', 'Unlucky', 'DRAW', 'ABORTED', 'GAME ENDED']).nullable(),
  /** Set once a rematch was accepted: the new game's id. */
  rematchGameId: z.string().nullable(),
  /** After the finish: spectator chat closes at this time (SPEC 5, 180 s). */
  chatClosesAt: isoTime.nullable(),
  version: z.number().int(),
});
export type GameView = z.infer<typeof GameView>;

// ---------------------------------------------------------------------------------------------
// Topics and events (their names are in topics.ts, without zod)

/** `game.moved`: one move applied. `offers` after the move (moving declines the opponent's draw offer). */
export const GameMovedData = z.object({
  gameId: z.string(),
  version: z.number().int(),
  ply: z.number().int(),
  uci: z.string(),
  san: z.string(),
  fen: z.string(),
  clock: ClockView,
  offers: OffersView,
  /** Set when this move ended the game too (mate, stalemate, draw by rule): `game.ended` follows. */
  status: GameStatusSchema,
});
export type GameMovedData = z.infer<typeof GameMovedData>;

/** `game.ended`. Titles are per viewer: compute with domain `resultTitle` and the viewer's colour. */
export const GameEndedData = z.object({
  gameId: z.string(),
  version: z.number().int(),
  status: GameStatusSchema,
  statusText: z.string(),
  winner: ColorSchema.nullable(),
  endedAt: isoTime,
  clock: ClockView,
  /** Rating changes when the game was rated; null otherwise. */
  ratingDiff: z.object({ white: z.number().int(), black: z.number().int() }).nullable(),
  chatClosesAt: isoTime,
});
export type GameEndedData = z.infer<typeof GameEndedData>;

export const OfferKind = z.enum(['draw', 'takeback', 'rematch']);
export const OfferAction = z.enum(['offer', 'accept', 'decline']);

/** `game.offers`: an offer was made, declined or cancelled (accepts arrive as their effect plus this). */
export const GameOffersData = z.object({
  gameId: z.string(),
  version: z.number().int(),
  kind: OfferKind,
  action: OfferAction,
  by: ColorSchema,
  offers: OffersView,
  /** On an accepted rematch: the new game. */
  rematchGameId: z.string().nullable(),
});
export type GameOffersData = z.infer<typeof GameOffersData>;

/** `game.takenBack`: the position after a takeback (one or two plies removed). */
export const GameTakenBackData = z.object({
  gameId: z.string(),
  version: z.number().int(),
  ply: z.number().int(),
  moves: z.array(z.string()),
  san: z.array(z.string()),
  fen: z.string(),
  clock: ClockView,
  offers: OffersView,
});
export type GameTakenBackData = z.infer<typeof GameTakenBackData>;

/** `game.presence`: a player's sockets opened or all closed. Not versioned (does not change the board). */
export const GamePresenceData = z.object({
  gameId: z.string(),
  white: z.boolean(),
  black: z.boolean(),
  disconnect: DisconnectView.nullable(),
});
export type GamePresenceData = z.infer<typeof GamePresenceData>;

/**
 * `game.review` (issue 14): after a finished game's analysis its payout was held for review, or
 * an admin's review ended (cleared; confirmed: status `cheat`, the opponent the winner). Not
 * versioned: it changes no move, and a client that misses it reads it with the game view.
 */
export const GameReviewData = z.object({
  gameId: z.string(),
  underReview: z.boolean(),
  status: GameStatusSchema,
  statusText: z.string(),
  winner: ColorSchema.nullable(),
});
export type GameReviewData = z.infer<typeof GameReviewData>;

export const GameSpectatorsData = z.object({ gameId: z.string(), count: z.number().int() });
export const SpectatorChatData = z.object({ gameId: z.string(), line: SpectatorChatLine });
export const PlayerChatData = z.object({ gameId: z.string(), line: ChatLine });

export const InvitationView = z.object({
  id: z.string(),
  from: z.object({ uid: z.string(), username: z.string() }),
  to: z.object({ uid: z.string(), username: z.string() }),
  mode: GameModeIdSchema,
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  createdAt: isoTime,
  expiresAt: isoTime,
  gameId: z.string().nullable(),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** `play.invitation` on the invitee's user topic. */
export const InvitationEventData = z.object({ invitation: InvitationView });
/** `play.invitation.closed` on both users' topics (accepted, declined, cancelled, expired). */
export const InvitationClosedData = z.object({ invitation: InvitationView });
/** `game.started` on both players' user topics: open /match and subscribe to `game:{gameId}`. */
export const GameStartedData = z.object({ gameId: z.string() });

// ---------------------------------------------------------------------------------------------
// Socket commands (`{ t: 'cmd', id, name, payload }`, answered by an ack)

const gameRef = { gameId: id };

export const MoveCommand = z.object({
  ...gameRef,
  /** The ply this move will have: `view.ply + 1`. */
  ply: z.number().int().min(1).max(10_000),
  uci: Uci,
  /**
   * The client's estimate of its one-way network lag (half its ping round trip), in ms. The
   * server credits at most LAG_COMPENSATION_CAP_MS of it, never more than the time spent.
   */
  lagMs: z.number().int().min(0).max(60_000).optional(),
});
export const GameRefCommand = z.object(gameRef);
export const OfferCommand = z.object({ ...gameRef, action: OfferAction });
export const ChatCommand = z.object({ ...gameRef, text: chatText });

/**
 * Ack result of `game.move`: the data of the `game.moved` event, plus whether it was a resend.
 * `version`, `clock`, `offers` and `status` are the game's after the command (a move that mates
 * acks with the finished game's version, the one of its `game.ended`); a resend acks with the
 * game as it is now. State changes are applied from the events; the ack confirms the move.
 */
export const MoveResult = GameMovedData.extend({ duplicate: z.boolean() });
export type MoveResult = z.infer<typeof MoveResult>;
export const OkResult = z.object({ ok: z.literal(true) });
export const RematchResult = z.object({ ok: z.literal(true), rematchGameId: z.string().nullable() });
export const SpectateResult = z.object({ count: z.number().int() });
export const ChatResult = z.object({ ok: z.literal(true) });

/** Every play command: its payload schema and the `result` of its successful ack. */
export const PLAY_COMMANDS = {
  'game.move': { payload: MoveCommand, result: MoveResult },
  'game.resign': { payload: GameRefCommand, result: OkResult },
  /** Allowed while fewer than 2 plies are played (SPEC 4). */
  'game.abort': { payload: GameRefCommand, result: OkResult },
  /** Draw offer/accept/decline; refused until 2 plies. Offering while the opponent offers accepts. */
  'game.draw': { payload: OfferCommand, result: OkResult },
  /** Takeback: undoes the proposer's last move (and the opponent's reply if made). Refused until 2 plies. */
  'game.takeback': { payload: OfferCommand, result: OkResult },
  /** Rematch of a finished game; accepting creates a game with colours swapped. */
  'game.rematch': { payload: OfferCommand, result: RematchResult },
  /** Player chat (players only). Max 140 after trimming; empty refused. */
  'game.chat': { payload: ChatCommand, result: ChatResult },
  /** After the opponent's disconnect grace ended: win with status `timeout`. */
  'game.claimVictory': { payload: GameRefCommand, result: OkResult },
  /** Spectator heartbeat, every 30 s while watching (visitors too). Counted for 35 s. */
  'game.spectate': { payload: GameRefCommand, result: SpectateResult },
  /** Leaving the spectator screen (closing the socket does the same). */
  'game.unspectate': { payload: GameRefCommand, result: SpectateResult },
  /** SPEC 5 spectator chat; errors carry the SPEC texts as `message`. */
  'spectator.chat': { payload: ChatCommand, result: ChatResult },
} as const;
export type PlayCommandName = keyof typeof PLAY_COMMANDS;

/** How often a spectator sends `game.spectate`, and how long one heartbeat counts. */
export const SPECTATE_HEARTBEAT_MS = 30_000;
export const SPECTATE_TTL_MS = 35_000;
