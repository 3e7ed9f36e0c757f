import { describe, expect, it } from 'vitest';
import {
  applyUci,
  boardOf,
  cannotMate,
  detectEnd,
  endOnTime,
  fenHistory,
  isThreefold,
  positionKey,
  replay,
} from './position.ts';
import { STANDARD_FEN } from './fen.ts';
import { DEFAULT_POSITION } from 'chess.js';
import { Chess } from 'chess.js';

const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

describe('the standard position', () => {
  it("is the rules engine's own starting position, spelled out", () => {
    expect(STANDARD_FEN).toBe(DEFAULT_POSITION);
  });
});

describe('end detection', () => {
  it.each([
    ["fool's mate", STANDARD_FEN, FOOLS_MATE, { status: 'mate', winner: 'black' }],
    [
      'scholar mate',
      STANDARD_FEN,
      ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'],
      { status: 'mate', winner: 'white' },
    ],
    ['stalemate', '7k/5Q2/6K1/8/8/8/8/8 w - - 0 1', ['g6h6'], { status: 'stalemate', winner: null }],
    [
      'insufficient material (K vs K after capture)',
      '8/8/8/8/4q3/4K3/8/7k w - - 0 1',
      ['e3e4'],
      { status: 'draw', winner: null },
    ],
    [
      'threefold',
      STANDARD_FEN,
      ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'],
      { status: 'draw', winner: null },
    ],
    ['fifty moves', '8/8/8/4k3/8/4K3/8/R7 w - - 99 80', ['a1a2'], { status: 'draw', winner: null }],
    ['running game', STANDARD_FEN, ['e2e4'], null],
  ] as const)('%s', (_name, fen, moves, expected) => {
    expect(detectEnd(replay(fen, moves))).toEqual(expected);
  });

  it('threefold from a FEN history equals chess.js on the replayed game', () => {
    const moves = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const fens = fenHistory(STANDARD_FEN, moves);
    expect(fens).toHaveLength(9);
    for (let n = 1; n <= moves.length; n++) {
      const board = boardOf(fens[n]!);
      expect(detectEnd(board, fens.slice(0, n + 1))).toEqual(detectEnd(replay(STANDARD_FEN, moves.slice(0, n))));
    }
    expect(isThreefold(fens)).toBe(true);
    expect(positionKey(STANDARD_FEN)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
  });

  it('applyUci refuses illegal and malformed moves without changing the board', () => {
    const c = new Chess();
    expect(applyUci(c, 'e2e5')).toBeNull();
    expect(applyUci(c, 'zz')).toBeNull();
    expect(c.fen()).toBe(STANDARD_FEN);
    expect(applyUci(c, 'e2e4')?.san).toBe('e4');
  });

  it('promotion', () => {
    const c = new Chess('8/P7/8/8/8/8/8/k6K w - - 0 1');
    expect(applyUci(c, 'a7a8n')?.san).toBe('a8=N');
  });

  it.each([
    ['lone king', '8/8/8/4k3/8/8/8/K7 w - - 0 1', 'black', true],
    ['king and knight', '8/8/8/4k3/8/5n2/8/K7 w - - 0 1', 'black', true],
    ['king and pawn', '8/8/8/4k3/8/5p2/8/K7 w - - 0 1', 'black', false],
  ] as const)('cannotMate: %s', (_n, fen, color, expected) => {
    expect(cannotMate(new Chess(fen), color)).toBe(expected);
  });

  it('flag against insufficient material draws, else loses', () => {
    expect(endOnTime(new Chess('8/8/8/4k3/8/8/8/K7 w - - 0 1'), 'white')).toEqual({ status: 'draw', winner: null });
    expect(endOnTime(new Chess(), 'white')).toEqual({ status: 'outoftime', winner: 'black' });
  });
});
