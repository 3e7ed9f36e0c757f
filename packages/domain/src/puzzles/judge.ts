import { applyUci, boardOf } from '../play/position.ts';
import type { PuzzleRow } from './catalog.ts';

export type MoveVerdict =
  /** Right move; `reply` is the opponent's answer to auto-play (700 ms later), null when solved. */
  { verdict: 'correct'; reply: string | null; solved: boolean } | { verdict: 'wrong' };

/**
 * Judges the user's move at `ply` (an index into puzzle.moves: 1, 3, 5...). Right when it is the
 * solution's move, or, on the last move of a mate puzzle, any move that mates (Lichess: in
 * mate-in-one puzzles any mating move counts). Illegal or malformed moves are wrong.
 */
export function judgeMove(p: PuzzleRow, ply: number, uci: string): MoveVerdict {
  if (ply < 1 || ply % 2 !== 1 || ply >= p.moves.length) return { verdict: 'wrong' };
  const expected = p.moves[ply]!;
  const last = ply === p.moves.length - 1;
  let right = uci === expected;
  if (!right && last) {
    const board = boardOf(p.fen);
    for (const m of p.moves.slice(0, ply)) applyUci(board, m);
    right = applyUci(board, uci) !== null && board.isCheckmate();
  }
  if (!right) return { verdict: 'wrong' };
  return last
    ? { verdict: 'correct', reply: null, solved: true }
    : { verdict: 'correct', reply: p.moves[ply + 1]!, solved: ply + 2 >= p.moves.length };
}
