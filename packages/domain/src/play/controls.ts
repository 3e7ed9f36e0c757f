import type { Color } from './status.ts';

/**
 * SPEC 4 game controls by the number of plies played: Abort while fewer than 2 moves were
 * made, Resign afterwards; draw and takeback offers are disabled until 2 moves.
 */
const ABORT_BEFORE_PLY = 2;
const OFFERS_FROM_PLY = 2;

export const canAbort = (ply: number): boolean => ply < ABORT_BEFORE_PLY;
export const canResign = (ply: number): boolean => ply >= ABORT_BEFORE_PLY;
export const offersAllowed = (ply: number): boolean => ply >= OFFERS_FROM_PLY;

/** Which of the two buttons the player sees. */
export const endButton = (ply: number): 'abort' | 'resign' => (canAbort(ply) ? 'abort' : 'resign');

/**
 * How many plies an accepted takeback removes: the proposer's last move, and the opponent's
 * reply when it was made (as on Lichess). Never below the start of the game.
 */
export function takebackPlies(ply: number, proposer: Color): number {
  if (ply === 0) return 0;
  const lastMover: Color = ply % 2 === 1 ? 'white' : 'black';
  return Math.min(ply, lastMover === proposer ? 1 : 2);
}

/** Whether the proposer has a move of their own to take back. */
export function canProposeTakeback(ply: number, proposer: Color): boolean {
  return offersAllowed(ply) && takebackPlies(ply, proposer) > 0;
}
