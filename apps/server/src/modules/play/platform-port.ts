import type { Color, GameModeId, GameStatus } from '@rush/domain';

/**
 * The chess platform port (ARCHITECTURE 7). A game lives on one platform: the built-in one
 * (this server is the referee, `builtin-platform.ts`) or, in a later issue, Lichess (an HTTP
 * client of the Board API). The shapes follow the Lichess Board API (SPEC 7) so the Lichess
 * adapter is a translation, not a redesign:
 *   GET  /api/board/game/stream/{id}  -> gameFull, gameState, chatLine   (`stream`, `gameFull`)
 *   POST /api/board/game/{id}/move/{uci}                                   (`move`)
 *   POST /api/board/game/{id}/draw/{yes|no}, /takeback/{yes|no}            (`draw`, `takeback`)
 *   POST /api/board/game/{id}/resign, /abort, /claim-victory               (`resign`, `abort`, `claimVictory`)
 *   POST /api/board/game/{id}/chat {room, text}                            (`chat`)
 * Every command names the acting user; the adapter maps that user to the platform account
 * (the built-in one uses our uid, Lichess the linked account's token).
 */
export type PlatformId = 'builtin' | 'lichess';

/** Lichess `gameState`: the changing part of a game. Times in ms. */
export interface PlatformGameState {
  type: 'gameState';
  /** UCI moves from the initial position, space separated. */
  moves: string;
  wtime: number;
  btime: number;
  winc: number;
  binc: number;
  status: GameStatus;
  winner?: Color;
  wdraw: boolean;
  bdraw: boolean;
  wtakeback: boolean;
  btakeback: boolean;
}

export interface PlatformPlayer {
  id: string;
  name: string;
  rating: number;
  provisional: boolean;
}

/** Lichess `gameFull`: the whole game, first line of a game stream. */
export interface PlatformGameFull {
  type: 'gameFull';
  id: string;
  rated: boolean;
  variant: { key: 'standard' };
  speed: 'blitz' | 'rapid';
  clock: { initial: number; increment: number };
  createdAt: number;
  white: PlatformPlayer;
  black: PlatformPlayer;
  /** 'startpos' or a FEN. */
  initialFen: string;
  state: PlatformGameState;
}

/** Lichess `chatLine`. */
export interface PlatformChatLine {
  type: 'chatLine';
  room: 'player' | 'spectator';
  username: string;
  text: string;
}

/** Lichess `opponentGone`: the opponent left; after `claimWinInSeconds` the player may claim. */
export interface PlatformOpponentGone {
  type: 'opponentGone';
  gone: boolean;
  /** Seconds until a claim is possible, for the player who did NOT leave. */
  claimWinInSeconds?: number;
  color: Color;
}

export type PlatformStreamEvent = PlatformGameFull | PlatformGameState | PlatformChatLine | PlatformOpponentGone;

export interface CreateGameInput {
  whiteUid: string;
  blackUid: string;
  mode: GameModeId;
  rated?: boolean;
  /**
   * Set by matchmaking and bot games for wagers (minor units). `pot` is what the winner's side
   * plays for, both shares together: twice the stake between people (the default), the stake
   * plus the house's share against a bot.
   */
  stake?: { currency: 'usd' | 'wbx'; amount: number; pot?: number } | null;
  /** Where the game came from (an invitation id, `rematch:{gameId}`, a matchmaking record, `bot:{id}`). */
  source?: string;
  /**
   * The player a chess engine moves for (a bot account). It may be in many games at once, so it
   * is not claimed in the one-live-game-per-person table (the other player still is); it never
   * answers draw or takeback offers, so none can be made to it; and it counts as always there.
   */
  engineUid?: string;
  /** With `engineUid`, on Lichess: the Lichess AI's level (1..8) when maia1 declines. */
  aiLevel?: number;
}

export interface MoveInput {
  /** The ply the move will have (1 = White's first move). */
  ply: number;
  uci: string;
  /** The client's measured one-way lag; credited up to the cap. */
  lagMs?: number;
}

export interface MoveOutcome {
  ply: number;
  uci: string;
  san: string;
  fen: string;
  /** A resend of an already applied move: acknowledged, nothing changed. */
  duplicate: boolean;
}

export type OfferAnswer = 'offer' | 'accept' | 'decline';

export interface ChessPlatform {
  readonly id: PlatformId;
  createGame(input: CreateGameInput): Promise<{ gameId: string }>;
  gameFull(gameId: string): Promise<PlatformGameFull | null>;
  move(gameId: string, actorUid: string, move: MoveInput): Promise<MoveOutcome>;
  resign(gameId: string, actorUid: string): Promise<void>;
  abort(gameId: string, actorUid: string): Promise<void>;
  draw(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void>;
  takeback(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void>;
  claimVictory(gameId: string, actorUid: string): Promise<void>;
  chat(gameId: string, actorUid: string, room: 'player' | 'spectator', text: string): Promise<void>;
  /** The game's event stream (gameFull first, then gameState / chatLine / opponentGone). */
  stream(gameId: string, listener: (event: PlatformStreamEvent) => void): Promise<() => void>;
}
