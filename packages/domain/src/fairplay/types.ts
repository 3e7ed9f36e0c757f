import type { Color } from '../play/status.ts';

/**
 * Fair play (issue 14): the data the rules read. The server fills it from the engine service
 * (multipv 3 at a fixed depth before each move, and the evaluation after it); the rules are pure.
 */

/** Centipawns from the MOVER's point of view; a mate is mapped to ±(MATE_CP - distance) by `scoreCp`. */
export type Cp = number;

export interface PlyAnalysis {
  /** 1 = White's first move. */
  ply: number;
  color: Color;
  /** The move played, UCI. */
  played: string;
  /** The engine's choices before the move, best first (up to 3; fewer when fewer legal moves). */
  top: readonly string[];
  /** The evaluation of the position before the move (the engine's best line), mover's view. */
  bestCp: Cp;
  /** The evaluation after the played move, mover's view (0 when `afterKnown` is false). */
  playedCp: Cp;
  /**
   * False when nothing evaluated the position after the move (the book: no rule reads it), so
   * `playedCp` is a placeholder the graph and the move list must not show as level. Absent in
   * analyses stored before it existed.
   */
  afterKnown?: boolean;
  /** Legal moves in the position before the move: 1 is a forced move (skipped). */
  legalMoves: number;
  /** Think time on the clock for this move in ms; null when not measured (before the clocks run). */
  moveTimeMs: number | null;
}

export type MoveClass = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' | 'book' | 'forced';

export interface MoveTimeProfile {
  meanMs: number;
  /** Variance of the move times, ms². */
  varianceMs2: number;
  /** Share (0..1) of counted moves whose time is within a small band of the median (bots move like clockwork). */
  constantShare: number;
}

/** One side's figures for one game (counted moves skip book and forced moves). */
export interface SideFigures {
  /** Moves that counted. */
  counted: number;
  /** Average centipawn loss over the counted moves. */
  acpl: number;
  /** Shares 0..1 of counted moves equal to the engine's first choice / one of its top 3. */
  top1: number;
  top3: number;
  blunders: number;
  mistakes: number;
  inaccuracies: number;
  /**
   * Counted moves of the class 'best' (the engine's first choice or within BEST_LOSS_CP), and the
   * ACPL without the worst CLOCKWORK_TRIM_SHARE of them (issue 33). Absent in figures stored
   * before they existed: readers fall back to the top-1 count (a lower bound) and the ACPL.
   */
  best?: number;
  steadyAcpl?: number;
  /** Null when too few moves had a time. */
  moveTime: MoveTimeProfile | null;
}

/** A game's verdict for one side: too short or too few counted moves to judge, clean, or suspect. */
export type GameVerdict = { kind: 'insufficient' } | { kind: 'clean' } | { kind: 'suspect'; reasons: string[] };

/** A player's pattern over the last money games. */
export type PlayerVerdict = { kind: 'clean' } | { kind: 'suspect'; reasons: string[] };

/** One finished staked game between two accounts, for the collusion signals. */
export interface PairGame {
  whiteUid: string;
  blackUid: string;
  /** null: draw or abort. */
  winnerUid: string | null;
  /** Minor units each side staked. */
  stake: bigint;
  plies: number;
  /** resign, aborted, mate, outoftime, ... */
  status: string;
  endedAt: Date;
}

export interface CollusionSignal {
  kind: 'frequentPair' | 'earlyEnd' | 'oneWayFlow' | 'sharedAddress';
  uids: string[];
  detail: string;
}
