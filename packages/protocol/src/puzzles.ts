import { z } from 'zod';
import { BATTLE_TIMES_MS, CURRENCIES, DIFFICULTIES, LOBBY, LOBBY_STATUSES, PUZZLE_THEMES } from '@rush/domain';
import { isoTime } from './time.ts';

/**
 * Puzzles on the wire (issue 6): the catalogue import status, Casual, Solo Puzzle Rush and
 * Battle Puzzle Rush lobbies. Every move is judged by the server: a puzzle reaches the browser
 * as its FEN and the opponent's first move only; each right move is answered with the next
 * opponent reply, and the solution is sent only when the user asks for it (Casual "Solve").
 *
 * Conventions
 * - `ply` indexes the puzzle's moves: 0 is the opponent's setup move (auto-played after 1 s),
 *   the user's moves are 1, 3, 5...; a move command names the ply it plays. A resend of an
 *   already judged ply answers the same verdict and changes nothing.
 * - Refusals are ErrorBody with SPEC texts (PUZZLE_TEXTS) as `message`.
 * - Lobby state is pushed on `lobby:{id}` as `lobby.changed` with the whole LobbyView (per
 *   viewer fields like `code` are filled only in the HTTP answer to the owner; the topic event
 *   never carries the code). The lobby list is pushed on `lobbies` as `lobbies.changed`.
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const publicId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const DifficultySchema = z.enum(DIFFICULTIES);
export const PuzzleThemeSchema = z.enum(PUZZLE_THEMES);
const uci = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/);

/** A puzzle as the browser may see it before solving: no solution. */
export const PuzzleView = z.object({
  /** The attempt: this user's try at this puzzle in this game (moves are sent against it). */
  attemptId: z.string(),
  puzzleId: z.string(),
  fen: z.string(),
  /** The opponent's setup move (ply 0), auto-played after 1 s. */
  firstMove: z.string(),
  /** The side the user plays ("Move for White/Black"). */
  color: z.enum(['white', 'black']),
  rating: z.number().int(),
  themes: z.array(z.string()),
  /** Number of user moves in the solution. */
  userMoves: z.number().int(),
});
export type PuzzleView = z.infer<typeof PuzzleView>;

export const MoveRequest = z.object({ ply: z.number().int().min(1).max(99), uci });
export type MoveRequest = z.infer<typeof MoveRequest>;

export const MoveVerdictView = z.object({
  verdict: z.enum(['correct', 'wrong']),
  /** The opponent's answer to auto-play after 700 ms; null when solved or wrong. */
  reply: z.string().nullable(),
  solved: z.boolean(),
});
export type MoveVerdictView = z.infer<typeof MoveVerdictView>;

// ---------------------------------------------------------------------------------------------
// Catalogue status (first start imports the bundled sample with progress)

export const CatalogStatus = z.object({
  ready: z.boolean(),
  imported: z.number().int(),
  total: z.number().int(),
});
export type CatalogStatus = z.infer<typeof CatalogStatus>;

// ---------------------------------------------------------------------------------------------
// Casual (/puzzle-game/casual)

export const NextPuzzleQuery = z.object({
  difficulty: DifficultySchema.default('normal'),
  theme: PuzzleThemeSchema.default('healthyMix'),
});
/** GET next: a new casual puzzle (SPEC 7 GET /puzzle/next). */
export const NextPuzzleResponse = z.object({ puzzle: PuzzleView, userRating: z.number().int() });
export type NextPuzzleResponse = z.infer<typeof NextPuzzleResponse>;

/** POST solution (Casual "Solve"): the whole solution; the attempt counts as failed. */
export const SolutionResponse = z.object({ moves: z.array(z.string()) });

// ---------------------------------------------------------------------------------------------
// Solo Puzzle Rush (/puzzle-game/solo-rush)

export const RushStats = z.object({
  puzzlesCompleted: z.number().int(),
  strikes: z.number().int(),
  skips: z.number().int(),
  currentStreak: z.number().int(),
  largestStreak: z.number().int(),
  score: z.number().int(),
});
export type RushStats = z.infer<typeof RushStats>;

export const SoloRunView = z.object({
  runId: z.string(),
  status: z.enum(['ready', 'running', 'finished']),
  /** Null until the first correct move starts the 180 s. */
  endsAt: isoTime.nullable(),
  durationMs: z.number().int(),
  stats: RushStats,
  /** The current puzzle first, then the ones fetched ahead (batch). */
  puzzles: z.array(PuzzleView),
  best: z.number().int(),
  serverNow: isoTime,
});
export type SoloRunView = z.infer<typeof SoloRunView>;

export const StartSoloRequest = z.object({
  difficulty: DifficultySchema.default('normal'),
  theme: PuzzleThemeSchema.default('healthyMix'),
});
/** Move in a rush (solo or battle): the attempt it is for. */
export const RushMoveRequest = MoveRequest.extend({ attemptId: z.string().min(1).max(64) });
export const SkipRequest = z.object({ attemptId: z.string().min(1).max(64) });
export const SoloMoveResponse = z.object({ verdict: MoveVerdictView, run: SoloRunView });

// ---------------------------------------------------------------------------------------------
// Battle Puzzle Rush lobbies (SPEC 3 Puzzle lobby)

export const BattleSettingsSchema = z.object({
  difficulty: DifficultySchema,
  theme: PuzzleThemeSchema,
  time: z.union([z.literal(BATTLE_TIMES_MS[0]), z.literal(BATTLE_TIMES_MS[1]), z.literal(BATTLE_TIMES_MS[2])]),
  privacy: z.enum(['public', 'private']),
  maxParticipants: z.number().int().min(LOBBY.maxPlayersMin).max(LOBBY.maxPlayersMax),
  prizeMode: z.enum(['pool', 'giveaway']),
  stakesCurrency: z.enum(CURRENCIES),
  stakesAmount: z.number().int().min(0).max(1_000_000),
});
export type BattleSettingsInput = z.infer<typeof BattleSettingsSchema>;

export const CreateLobbyRequest = z.object({
  settings: BattleSettingsSchema,
  /** Required for USD stakes (location); see matchmaking SeekRequest. */
  deviceGps: z.unknown().optional(),
});

export const ParticipantView = z.object({
  uid: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  elo: z.number().int(),
  strikes: z.number().int(),
  skips: z.number().int(),
  currentStreak: z.number().int(),
  largestStreak: z.number().int(),
  puzzlesCompleted: z.number().int(),
  points: z.number().int(),
  /** Left (before the start), forfeited or kicked. */
  left: z.boolean(),
});
export type ParticipantView = z.infer<typeof ParticipantView>;

export const LobbyChatLine = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  text: z.string(),
  sentAt: isoTime,
});
export type LobbyChatLine = z.infer<typeof LobbyChatLine>;

export const LobbyResultView = z.object({
  uid: z.string(),
  username: z.string(),
  points: z.number().int(),
  place: z.number().int(),
  /** "1st", "2nd", ... (ties share a place). */
  placeLabel: z.string(),
  /** What the user received from the pot, minor units. */
  reward: minor,
  currency: z.enum(CURRENCIES),
});
export type LobbyResultView = z.infer<typeof LobbyResultView>;

export const LobbyView = z.object({
  id: z.string(),
  owner: z.object({ uid: z.string(), username: z.string() }),
  type: z.literal('battle'),
  status: z.enum(LOBBY_STATUSES),
  settings: BattleSettingsSchema,
  createdAt: isoTime,
  /** created: auto-start time (createdAt + 90 s); started: null. */
  autoStartAt: isoTime.nullable(),
  startedAt: isoTime.nullable(),
  /** started: when the battle ends (startedAt + time). */
  endsAt: isoTime.nullable(),
  participants: z.array(ParticipantView),
  eloRange: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Pot in minor units (stakes held). */
  grandPrize: minor,
  chat: z.array(LobbyChatLine),
  results: z.array(LobbyResultView).nullable(),
  /** Only in the owner's HTTP answers for a private lobby. */
  code: z.string().nullable(),
  error: z.string().nullable(),
  serverNow: isoTime,
});
export type LobbyView = z.infer<typeof LobbyView>;

/** One row of the lobby list (SPEC 2). */
export const LobbySummary = z.object({
  id: z.string(),
  owner: z.string(),
  locked: z.boolean(),
  prizeMode: z.enum(['pool', 'giveaway']),
  minutes: z.number(),
  stakesCurrency: z.enum(CURRENCIES),
  stakesAmount: z.number().int(),
  eloRange: z.object({ min: z.number().int(), max: z.number().int() }),
  users: z.number().int(),
  max: z.number().int(),
});
export type LobbySummary = z.infer<typeof LobbySummary>;
export const LobbyListResponse = z.object({ lobbies: z.array(LobbySummary) });

export const JoinLobbyRequest = z.object({ code: z.string().max(1000).optional(), deviceGps: z.unknown().optional() });
/**
 * Join by code. `lobbyId` (ours, issue 36): the private lobby whose row's Join opened the code
 * dialog; a code of any other lobby is then refused as a wrong code, never joins that other lobby.
 */
export const JoinByCodeRequest = JoinLobbyRequest.extend({ lobbyId: z.string().max(64).optional() });
export const KickRequest = z.object({ uid: z.string().min(1).max(64) });
export const LobbyChatRequest = z.object({ text: z.string().max(1000) });
/** The battle's current puzzle for the user (same order for every player). */
export const BattlePuzzleResponse = z.object({ puzzle: PuzzleView.nullable(), lobby: LobbyView });
export const BattleMoveResponse = z.object({
  verdict: MoveVerdictView,
  puzzle: PuzzleView.nullable(),
  lobby: LobbyView,
});
/** A lobby route's answer: the caller's view of the lobby. */
export const LobbyResponse = z.object({ lobby: LobbyView });
/** What a battle GET, move or skip answers: the verdict when a move or skip was judged. */
export const BattlePlayResponse = BattlePuzzleResponse.extend({ verdict: MoveVerdictView.optional() });

/** The user's active puzzle game (SPEC 2: it forces its mode route). */
export const ActivePuzzleResponse = z.object({
  active: z.object({ mode: z.enum(['solo', 'battle']), id: z.string(), route: z.string() }).nullable(),
});

export const LobbyIdParam = publicId;
