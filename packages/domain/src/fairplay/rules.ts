import type { Color } from '../play/status.ts';
import type {
  CollusionSignal,
  GameVerdict,
  MoveClass,
  PairGame,
  PlayerVerdict,
  PlyAnalysis,
  SideFigures,
} from './types.ts';

/**
 * CONTRACT (issue 14, being implemented on branch fp-domain): the fair-play rules the server
 * calls. Every body below is replaced by the real rule before this reaches a resolved issue.
 */

/** No verdict on a game shorter than this (Lichess gives none under about 36 plies). */
export const MIN_VERDICT_PLIES = 36;
/** A player's pattern is judged over their last this-many analysed money games. */
export const ROLLING_GAMES = 10;
/** Evaluation graph bound: ±this many centipawns (a mate shows at the bound). */
export const GRAPH_CP = 1000;

const todo = (): never => {
  throw new Error('fair-play rule not implemented yet (issue 14 contract)');
};

/** An engine score as centipawns from the side to move's view; a mate in n as ±(MATE_CP - n). */
export function scoreCp(_score: { cp: number } | { mate: number }): number {
  return todo();
}

/** Plies played from a book (not counted): the opening's first plies. */
export function isBookPly(_ply: number): boolean {
  return todo();
}

/** What a move was: book, forced, best, good, inaccuracy, mistake or blunder (by its centipawn loss). */
export function classifyPly(_p: PlyAnalysis): MoveClass {
  return todo();
}

/** One side's figures over a game's analysed plies. */
export function sideFigures(_plies: readonly PlyAnalysis[], _color: Color): SideFigures {
  return todo();
}

/** One game, one side: insufficient (too short, too few counted moves), clean or suspect. */
export function gameVerdict(_figures: SideFigures, _totalPlies: number): GameVerdict {
  return todo();
}

/** A player's pattern over their last ROLLING_GAMES analysed money games (newest first). */
export function playerVerdict(_recent: readonly SideFigures[]): PlayerVerdict {
  return todo();
}

/**
 * Whether a finished staked game's payout is held for review: the winner's game is suspect, or
 * their pattern including this game is. Reasons are shown to the admin.
 */
export function holdDecision(_game: GameVerdict, _pattern: PlayerVerdict): { hold: boolean; reasons: string[] } {
  return todo();
}

/** Collusion signals over a set of finished staked games (pairs, early ends, one-way flow). */
export function collusionSignals(_games: readonly PairGame[]): CollusionSignal[] {
  return todo();
}

/** A centipawn value from White's view, clamped for the evaluation graph. */
export function graphCp(_cpWhiteView: number): number {
  return todo();
}
