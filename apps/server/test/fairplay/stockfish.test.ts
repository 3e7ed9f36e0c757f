import { afterAll, describe, expect, it } from 'vitest';
import { classifyPly, scoreCp, sideFigures, STANDARD_FEN } from '@rush/domain';
import { EnginePool, EngineService, engineCommand } from '../../src/modules/engine/index.ts';
import { analyseGame } from '../../src/modules/fairplay/analyser.ts';

/** The real engine (the bundled npm Stockfish, as `npm start` runs it): MultiPV lines and the signs of a game's analysis. */
describe('fair-play analysis on Stockfish', () => {
  const engine = new EngineService(
    new EnginePool({
      command: engineCommand(undefined),
      size: 1,
      queueMax: 8,
      log: { warn: () => {}, error: () => {} },
    }),
  );
  afterAll(() => engine.close());

  it('analyseLines gives up to N distinct lines, best first, and the evaluation', async () => {
    // White mates in one (Qxf7#); the other lines are far worse.
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
    const r = await engine.analyseLines(fen, [], { depth: 8, multipv: 3 });
    expect(r.lines).toHaveLength(3);
    expect(new Set(r.lines.map((l) => l.move)).size).toBe(3);
    expect(r.lines[0]!.move).toBe('h5f7');
    expect(r.score).toEqual({ mate: 1 });
    expect(scoreCp(r.lines[1]!.score)).toBeLessThan(scoreCp(r.lines[0]!.score));
  });

  it("a game's plies: the mover's view before and after, a blunder is a blunder, the mate is best", async () => {
    // Scholar's mate: 3...Nf6?? lets 4.Qxf7#, after the knights went out and back twice, so the
    // mate falls after the book (the first BOOK_PLIES plies are not searched).
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const moves = [...shuffle, 'e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];
    const times = [...shuffle.map(() => null), null, null, 900, 1200, 800, 3000, 400];
    const plies = await analyseGame(
      engine,
      { initialFen: STANDARD_FEN, moves, moveTimes: times },
      { plan: { depth: 8, multipv: 3 } },
    );
    expect(plies).toHaveLength(15);
    expect(plies.slice(8).map((p) => p.color)).toEqual(['white', 'black', 'white', 'black', 'white', 'black', 'white']);
    const blunder = plies[13]!;
    expect(blunder.played).toBe('g8f6');
    // Black before 3...Nf6 is about level, after it mated: from Black's (the mover's) view.
    expect(Math.abs(blunder.bestCp)).toBeLessThan(300);
    expect(blunder.playedCp).toBeLessThan(-5000);
    const mate = plies[14]!;
    expect(mate.top[0]).toBe('h5f7');
    expect(mate.bestCp).toBeGreaterThan(5000);
    expect(mate.playedCp).toBeGreaterThan(5000);
    expect(mate.legalMoves).toBeGreaterThan(1);
    expect(mate.moveTimeMs).toBe(400);
    // Book plies are not judged, nor searched; the figures are computed on the rest.
    expect(classifyPly(plies[0]!)).toBe('book');
    expect(plies.slice(0, 10).every((p) => p.top.length === 0)).toBe(true);
    expect(sideFigures(plies, 'black').counted).toBe(2); // plies 12 and 14
  });
});
