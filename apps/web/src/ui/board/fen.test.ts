import { describe, expect, test } from 'vitest';
import { positionInfo } from './chess.ts';
import { capturedPieces, EMPTY_POSITION, positionOfFen } from './fen.ts';
import { STANDARD_FEN as START_FEN } from '@rush/domain';

describe('positionOfFen (the board before the rules load)', () => {
  test.each([
    START_FEN,
    'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2',
    '8/P7/8/8/8/8/8/k6K w - - 0 1',
    'r3k2r/pp1b1ppp/2n1pn2/q1pp4/3P4/P1PBPN2/2Q2PPP/R1B1K2R w KQkq - 1 11',
  ])('draws %s as the rules do, with no move offered', (fen) => {
    const drawn = positionOfFen(fen);
    const ruled = positionInfo(fen);
    expect(drawn.pieces).toEqual(ruled.pieces);
    expect(drawn.turn).toBe(ruled.turn);
    expect(drawn.moves).toEqual([]);
    expect(drawn.dests.size).toBe(0);
  });

  test.each([
    '',
    'not a fen',
    '8/8/8/8/8/8/8 w - - 0 1',
    '9/8/8/8/8/8/8/8 w - - 0 1',
    'rnbqkbnx/8/8/8/8/8/8/8 w - - 0 1',
  ])('an unreadable FEN (%j) is an empty board', (fen) => {
    expect(positionOfFen(fen)).toEqual(EMPTY_POSITION);
  });

  test('captured pieces count a promoted piece as its pawn', () => {
    // Two white queens: one is the queen of the start, the other a pawn that promoted.
    const { pieces } = positionOfFen('QQ6/8/8/8/8/8/8/k6K w - - 0 1');
    expect(capturedPieces(pieces).white).toEqual(['r', 'r', 'b', 'b', 'n', 'n', 'p', 'p', 'p', 'p', 'p', 'p', 'p']);
  });
});
