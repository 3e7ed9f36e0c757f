import { afterAll, describe, expect, test } from 'vitest';
import { Chess } from 'chess.js';
import {
  classifyPly,
  moverOfPly,
  scoreCp,
  sideFigures,
  STANDARD_FEN,
  type AnalysisPlan,
  type PlyAnalysis,
} from '@rush/domain';
import { EnginePool, EngineService, engineCommand } from '../../src/modules/engine/index.ts';
import { analyseGame } from '../../src/modules/fairplay/analyser.ts';
import { fakeEngine } from './support.ts';

/**
 * A 22-ply game (seeded random moves) with a forced move after the book: 18...Qxf4+ leaves White
 * one legal move, 19.Kxf4 (position 18 has one legal move).
 */
const MOVES = [
  'f2f4', 'a7a5', 'd2d4', 'd7d5', 'e1f2', 'b7b5', 'c1d2', 'e7e6', 'd2b4', 'd8d6', 'b4a5',
  'g8e7', 'f2e3', 'c7c5', 'a2a3', 'e8d7', 'e3f3', 'd6f4', 'f3f4', 'c5c4', 'b1d2', 'e7f5',
]; // prettier-ignore
const PLAN: AnalysisPlan = { depth: 8, multipv: 3 };

const service = new EngineService(
  new EnginePool({
    command: engineCommand(fakeEngine()),
    size: 1,
    queueMax: 4,
    log: { warn: () => {}, error: () => {} },
  }),
);
afterAll(() => service.close());

/** The analysis as it was before issue 35: every position searched (the reference the figures must match). */
async function everyPosition(moves: readonly string[]): Promise<PlyAnalysis[]> {
  const board = new Chess();
  const evals: number[] = [];
  const tops: string[][] = [];
  const legal: number[] = [];
  for (let k = 0; k <= moves.length; k++) {
    if (k > 0) board.move({ from: moves[k - 1]!.slice(0, 2), to: moves[k - 1]!.slice(2, 4) });
    legal.push(board.moves().length);
    const s = await service.analyseLines(STANDARD_FEN, moves.slice(0, k), PLAN);
    evals.push(s.score ? scoreCp(s.score) : 0);
    tops.push(s.lines.map((l) => l.move));
  }
  return moves.map((played, j) => ({
    ply: j + 1,
    color: moverOfPly(j + 1),
    played,
    top: tops[j]!,
    bestCp: evals[j]!,
    playedCp: -evals[j + 1]!,
    afterKnown: true,
    legalMoves: legal[j]!,
    moveTimeMs: null,
  }));
}

describe('analyseGame asks the engine only about positions the rules read (issue 35)', () => {
  test('book and forced moves are skipped; the figures are those of searching every position', async () => {
    const asked: number[] = [];
    const counting = {
      analyseLines: (fen: string, moves: readonly string[], o: AnalysisPlan) => {
        asked.push(moves.length);
        return service.analyseLines(fen, moves, o);
      },
    };
    const plies = await analyseGame(
      counting,
      { initialFen: STANDARD_FEN, moves: MOVES, moveTimes: [] },
      { plan: PLAN },
    );
    // Positions 0-9 lead to book plies only; position 18 (before the forced 19.Kxf4) takes its
    // evaluation from position 19. 12 searches instead of 23.
    expect(asked).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22]);
    expect(classifyPly(plies[18]!)).toBe('forced');
    expect(plies.slice(0, 10).map(classifyPly)).toEqual(Array(10).fill('book'));
    // The positions after the first nine book plies were never evaluated, and say so (the graph
    // and the move list show no evaluation there, not a level one); the tenth's was searched.
    expect(plies.map((p) => p.afterKnown)).toEqual([...Array(9).fill(false), ...Array(13).fill(true)]);

    const full = await everyPosition(MOVES);
    for (const color of ['white', 'black'] as const)
      expect(sideFigures(plies, color)).toEqual(sideFigures(full, color));
    // Every counted ply reads the same top moves and evaluations as the full analysis.
    for (const [i, p] of plies.entries()) {
      const cls = classifyPly(p);
      if (cls === 'book' || cls === 'forced') continue;
      expect(p).toEqual(full[i]);
    }
  });

  test('progress counts searches, not positions', async () => {
    const seen: Array<[number, number]> = [];
    await analyseGame(
      service,
      { initialFen: STANDARD_FEN, moves: MOVES, moveTimes: [] },
      {
        plan: PLAN,
        onProgress: (done, total) => {
          seen.push([done, total]);
          return true;
        },
      },
    );
    expect(seen).toHaveLength(12);
    expect(seen.at(-1)).toEqual([12, 12]);
  });
});
