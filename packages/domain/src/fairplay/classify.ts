import type { Cp, MoveClass, PlyAnalysis } from './types.ts';
import {
  BEST_LOSS_CP,
  BLUNDER_LOSS_CP,
  BOOK_PLIES,
  GRAPH_CP,
  INACCURACY_LOSS_CP,
  LOSS_CLAMP_CP,
  MATE_CP,
  MISTAKE_LOSS_CP,
} from './thresholds.ts';

const clamp = (v: number, bound: number): number => Math.max(-bound, Math.min(bound, v));

/**
 * An engine score as centipawns from the side to move's view; a mate in n as ±(MATE_CP - |n|).
 * UCI's "mate 0" (and -0) means the side to move is already mated: -MATE_CP.
 */
export function scoreCp(score: { cp: number } | { mate: number }): Cp {
  if ('cp' in score) return score.cp;
  const n = score.mate;
  if (n > 0) return MATE_CP - n;
  return -(MATE_CP - Math.abs(n)); // n < 0, and 0 / -0: mated now
}

/** Plies played from a book (not counted): the opening's first BOOK_PLIES plies. */
export function isBookPly(ply: number): boolean {
  return ply <= BOOK_PLIES;
}

/**
 * How many moves `color` made after the book in a game of `totalPlies` plies: the most a side can
 * have counted (forced moves aside). White moves on odd plies, Black on even ones.
 */
export function movesAfterBook(totalPlies: number, color: 'white' | 'black'): number {
  const after = Math.max(0, Math.floor(totalPlies) - BOOK_PLIES);
  return color === 'white' ? Math.ceil(after / 2) : Math.floor(after / 2);
}

/**
 * The centipawn loss of a move: the evaluation before it minus the evaluation after it, both
 * clamped to ±LOSS_CLAMP_CP, never negative. The engine's first choice loses nothing by its
 * own judgement (a re-search after the move differs by depth noise only).
 */
export function plyLoss(p: PlyAnalysis): number {
  if (p.top[0] === p.played) return 0;
  return Math.max(0, clamp(p.bestCp, LOSS_CLAMP_CP) - clamp(p.playedCp, LOSS_CLAMP_CP));
}

/** The class of a move that is neither book nor forced, by its loss (monotone in the loss). */
export function classifyLoss(loss: number): Exclude<MoveClass, 'book' | 'forced'> {
  if (loss >= BLUNDER_LOSS_CP) return 'blunder';
  if (loss >= MISTAKE_LOSS_CP) return 'mistake';
  if (loss >= INACCURACY_LOSS_CP) return 'inaccuracy';
  if (loss <= BEST_LOSS_CP) return 'best';
  return 'good';
}

/** What a move was: book, forced, best, good, inaccuracy, mistake or blunder (by its centipawn loss). */
export function classifyPly(p: PlyAnalysis): MoveClass {
  if (isBookPly(p.ply)) return 'book';
  if (p.legalMoves === 1) return 'forced';
  return classifyLoss(plyLoss(p));
}

/** A centipawn value from White's view, clamped for the evaluation graph. */
export function graphCp(cpWhiteView: number): number {
  if (Number.isNaN(cpWhiteView)) return 0;
  return clamp(cpWhiteView, GRAPH_CP);
}
