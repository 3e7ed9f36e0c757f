import { z } from 'zod';

/**
 * Shapes of the Lichess API we read, from the OpenAPI description in lichess-org/api
 * (doc/specs/...). Only the fields we use are checked; the rest pass through untouched.
 */

/** schemas/Perf.yaml: games, rating, rd, prog required; `prov` only appears when provisional. */
export const LichessPerf = z.object({
  games: z.number().int(),
  rating: z.number().int(),
  rd: z.number().int(),
  prog: z.number().int(),
  prov: z.boolean().optional(),
});
export type LichessPerf = z.infer<typeof LichessPerf>;

/** tags/account/api-account.yaml -> schemas/UserExtended.yaml (User: id, username required; perfs). */
export const LichessAccountBody = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  perfs: z.object({ blitz: LichessPerf.optional(), rapid: LichessPerf.optional() }).partial().optional(),
  disabled: z.boolean().optional(),
  tosViolation: z.boolean().optional(),
});

export interface LichessAccountPerf {
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

/** What we keep of an account: ratings of the two families the modes use (wmgt_000001/2 blitz, 000003 rapid). */
export interface LichessAccount {
  id: string;
  username: string;
  blitz: LichessAccountPerf | null;
  rapid: LichessAccountPerf | null;
  /** Closed (`disabled`) or marked for a ToS violation. */
  closed: boolean;
  tosViolation: boolean;
}

/** tags/oauth/api-token.yaml 200: token_type, access_token, expires_in (seconds, about a year). */
export const LichessTokenBody = z.object({
  token_type: z.string(),
  access_token: z.string().regex(/^[A-Za-z0-9_]+$/),
  expires_in: z.number().int().optional(),
});

/** schemas/GameStatusName.yaml */
export const LICHESS_STATUSES = [
  'created',
  'started',
  'aborted',
  'mate',
  'resign',
  'stalemate',
  'timeout',
  'draw',
  'outoftime',
  'cheat',
  'noStart',
  'unknownFinish',
  'insufficientMaterialClaim',
  'variantEnd',
] as const;
export type LichessStatus = (typeof LICHESS_STATUSES)[number];
export const isFinishedStatus = (s: string): boolean => s !== 'created' && s !== 'started';

/** schemas/GameStateEvent.yaml (draw/takeback flags omitted unless true). */
export interface LichessGameState {
  type: 'gameState';
  moves: string;
  wtime: number;
  btime: number;
  winc: number;
  binc: number;
  status: LichessStatus;
  winner?: 'white' | 'black';
  wdraw?: boolean;
  bdraw?: boolean;
  wtakeback?: boolean;
  btakeback?: boolean;
  expiration?: { idleMillis: number; millisToMove: number };
}

/** schemas/GameEventPlayer.yaml */
export interface LichessGameEventPlayer {
  id: string;
  name: string;
  title?: string | null;
  rating?: number;
  provisional?: boolean;
  aiLevel?: number;
}

/** schemas/GameFullEvent.yaml: first line of the board game stream. */
export interface LichessGameFull {
  type: 'gameFull';
  id: string;
  variant: { key: string; name: string; short?: string };
  clock?: { initial: number; increment: number };
  speed: string;
  perf: { name?: string };
  rated: boolean;
  createdAt: number;
  white: LichessGameEventPlayer;
  black: LichessGameEventPlayer;
  initialFen: string;
  state: LichessGameState;
}

/** schemas/ChatLineEvent.yaml */
export interface LichessChatLine {
  type: 'chatLine';
  room: 'player' | 'spectator';
  username: string;
  text: string;
}

/** schemas/OpponentGoneEvent.yaml */
export interface LichessOpponentGone {
  type: 'opponentGone';
  gone: boolean;
  claimWinInSeconds?: number;
}

export type LichessGameStreamEvent = LichessGameFull | LichessGameState | LichessChatLine | LichessOpponentGone;

/** schemas/GameEventInfo.yaml (fullId, gameId required). */
export interface LichessGameEventInfo {
  fullId: string;
  gameId: string;
  id?: string;
  fen?: string;
  color?: 'white' | 'black';
  lastMove?: string;
  source?: string;
  status?: { id: number; name: LichessStatus };
  speed?: string;
  rated?: boolean;
  hasMoved?: boolean;
  opponent?: { id: string | null; username: string; rating?: number; ai?: number };
  isMyTurn?: boolean;
  secondsLeft?: number;
  winner?: 'white' | 'black';
}

/** schemas/ChallengeJson.yaml (the fields we read). */
export interface LichessChallenge {
  id: string;
  url: string;
  status: string;
  challenger: { id: string; name: string };
  destUser: { id: string; name: string } | null;
  rated: boolean;
  speed: string;
  timeControl: { type: string; limit?: number; increment?: number };
  color: string;
  finalColor?: 'white' | 'black';
  declineReason?: string;
  declineReasonKey?: string;
}

/** tags/board/api-stream-event.yaml: gameStart, gameFinish, challenge, challengeCanceled, challengeDeclined. */
export type LichessIncomingEvent =
  | { type: 'gameStart'; game: LichessGameEventInfo }
  | { type: 'gameFinish'; game: LichessGameEventInfo }
  | { type: 'challenge'; challenge: LichessChallenge }
  | { type: 'challengeCanceled'; challenge: LichessChallenge }
  | { type: 'challengeDeclined'; challenge: LichessChallenge };

/** tags/challenges/api-challenge-ai.yaml 201 (the fields we read). */
export interface LichessAiGame {
  id: string;
  fullId?: string;
  player?: 'white' | 'black';
  status?: { id: number; name: LichessStatus };
  rated?: boolean;
  speed?: string;
}

/** schemas/GameJson.yaml, from GET /game/export/{id} with Accept: application/json. */
export const LichessExportBody = z.object({
  id: z.string(),
  rated: z.boolean(),
  variant: z.string(),
  speed: z.string(),
  perf: z.string(),
  createdAt: z.number(),
  lastMoveAt: z.number(),
  status: z.string(),
  source: z.string().optional(),
  players: z.object({
    white: z.object({
      user: z.object({ id: z.string(), name: z.string() }).optional(),
      rating: z.number().optional(),
      ratingDiff: z.number().optional(),
      provisional: z.boolean().optional(),
      aiLevel: z.number().optional(),
    }),
    black: z.object({
      user: z.object({ id: z.string(), name: z.string() }).optional(),
      rating: z.number().optional(),
      ratingDiff: z.number().optional(),
      provisional: z.boolean().optional(),
      aiLevel: z.number().optional(),
    }),
  }),
  initialFen: z.string().optional(),
  winner: z.enum(['white', 'black']).optional(),
  /** SAN moves, space separated (the PGN move text without numbers). */
  moves: z.string().optional(),
  clock: z.object({ initial: z.number(), increment: z.number(), totalTime: z.number() }).optional(),
});
export type LichessGameExport = z.infer<typeof LichessExportBody>;

/** schemas/BulkPairing.yaml (the fields we read: the games, white and black are user ids). */
export const LichessBulkPairingBody = z.object({
  id: z.string(),
  games: z.array(z.object({ id: z.string(), white: z.string(), black: z.string() })),
});
export type LichessBulkPairing = z.infer<typeof LichessBulkPairingBody>;

/** tags/oauth/api-token-test.yaml 200: each token to {userId, scopes (comma-separated), expires} or null. */
export const LichessTokenTestBody = z.record(
  z.string(),
  z.object({ userId: z.string(), scopes: z.string(), expires: z.number().nullable().optional() }).nullable(),
);
