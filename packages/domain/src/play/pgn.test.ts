import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { buildPgn, pgnResult } from './pgn.ts';
import { STANDARD_FEN } from './fen.ts';

describe('PGN', () => {
  const game = {
    id: 'g1',
    site: 'http://localhost/tv/g1',
    event: 'Rated Blitz game',
    white: 'alice',
    black: 'bob',
    whiteElo: 1500,
    blackElo: 1520,
    startedAt: new Date('2026-02-03T04:05:06Z'),
    initialFen: STANDARD_FEN,
    moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
    status: 'mate' as const,
    winner: 'black' as const,
    timeControl: { initialMs: 180_000, incrementMs: 0 },
  };
  it('exports headers and moves, and reads back', () => {
    const pgn = buildPgn(game);
    expect(pgn).toContain('[White "alice"]');
    expect(pgn).toContain('[Result "0-1"]');
    expect(pgn).toContain('[Date "2026.02.03"]');
    expect(pgn).toContain('[TimeControl "180+0"]');
    expect(pgn).toContain('1. f3 e5 2. g4 Qh4# 0-1');
    const back = new Chess();
    back.loadPgn(pgn);
    expect(back.isCheckmate()).toBe(true);
  });
  it.each([
    ['started', null, '*'],
    ['aborted', null, '*'],
    ['resign', 'white', '1-0'],
    ['draw', null, '1/2-1/2'],
  ] as const)('result of %s', (s, w, r) => expect(pgnResult(s, w)).toBe(r));
});
