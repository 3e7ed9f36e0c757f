import { Chess } from 'chess.js';

/**
 * The stand-in engine's world (shared by the UCI stand-in and the tests that choose moves): in
 * every position the legal moves are ranked by a hash of (position, move); a move of rank r
 * costs its mover STEP_CP × r, so the evaluation is the running sum of those costs. A game of
 * rank-0 moves is the "engine" playing itself (no loss, every move its first choice).
 */
export const STEP_CP = 40;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const uciOf = (m: { from: string; to: string; promotion?: string }) => `${m.from}${m.to}${m.promotion ?? ''}`;
const placement = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

/** The legal moves of the position, best first by the stand-in's ranking. */
export function ranked(board: Chess): string[] {
  const key = placement(board.fen());
  return board
    .moves({ verbose: true })
    .map(uciOf)
    .sort((a, b) => hash(key + a) - hash(key + b) || (a < b ? -1 : 1));
}

export function play(board: Chess, uci: string): void {
  board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci.length > 4 ? { promotion: uci[4] } : {}) });
}

/** The position after `moves` and White's advantage in centipawns (the running sum of the costs). */
export function replayWithEval(fen: string, moves: readonly string[]): { board: Chess; whiteCp: number } {
  const board = new Chess(fen);
  let whiteCp = 0;
  for (const uci of moves) {
    const rank = Math.max(0, ranked(board).indexOf(uci));
    whiteCp += (board.turn() === 'w' ? -1 : 1) * STEP_CP * rank;
    play(board, uci);
  }
  return { board, whiteCp };
}
