import { describe, expect, test } from 'vitest';
import { optionCommands, parseBestMove, parseInfo, searchCommands } from './uci.ts';

describe('UCI parsing', () => {
  test.each([
    ['bestmove e2e4 ponder e7e5', 'e2e4'],
    ['bestmove e7e8q', 'e7e8q'],
    ['bestmove (none)', null],
    ['bestmove 0000', null],
    ['bestmove', null],
    ['bestmove zz', undefined],
    ['info depth 3', undefined],
    ['readyok', undefined],
  ])('%j -> %j', (line, expected) => {
    expect(parseBestMove(line)).toBe(expected);
  });

  test('a main-line info with a centipawn score', () => {
    expect(
      parseInfo('info depth 15 seldepth 24 multipv 1 score cp 26 nodes 130620 nps 558205 time 234 pv e2e4 e7e5 g1f3'),
    ).toEqual({ depth: 15, score: { cp: 26 }, pv: ['e2e4', 'e7e5', 'g1f3'], nodes: 130620 });
  });

  test('a mate score, negative for the side to move', () => {
    expect(parseInfo('info depth 5 score mate -2 pv f2f3 e7e5')?.score).toEqual({ mate: -2 });
  });

  test.each([
    'info string NNUE evaluation using nn-xyz.nnue',
    'info depth 17 seldepth 25 multipv 1 score cp 28 upperbound nodes 180500 time 300 pv e2e4 e7e5',
    'info depth 10 multipv 2 score cp 10 pv d2d4',
    'info depth 10 score cp 10',
    'info currmove e2e4 currmovenumber 1',
    'bestmove e2e4',
  ])('ignored: %s', (line) => {
    expect(parseInfo(line)).toBeNull();
  });

  test('search commands: a position with moves and a move-time or depth limit', () => {
    expect(searchCommands('startfen', ['e2e4'], { movetimeMs: 300 })).toEqual([
      'position fen startfen moves e2e4',
      'go movetime 300',
    ]);
    expect(searchCommands('f', [], { depth: 12 })).toEqual(['position fen f', 'go depth 12']);
  });

  test('options become setoption lines', () => {
    expect(optionCommands({ UCI_LimitStrength: true, UCI_Elo: 1320 })).toEqual([
      'setoption name UCI_LimitStrength value true',
      'setoption name UCI_Elo value 1320',
    ]);
  });
});
