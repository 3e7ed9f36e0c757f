import { afterAll, describe, expect, it } from 'vitest';
import { gameVerdict, sideFigures, STANDARD_FEN, type SideFigures } from '@rush/domain';
import { EnginePool, EngineService, engineCommand } from '../../src/modules/engine/index.ts';
import { analyseGame } from '../../src/modules/fairplay/analyser.ts';

/** Both the cheater's engine and the analysis search to this depth: fast, and as noisy as a real mismatch. */
const DEPTH = 8;
const PLIES = 40;
/** A relayed bot's pace: 1.2 s a move, give or take 40 ms. */
const clockwork = (n: number) => Array.from({ length: n }, (_, i) => 1200 + ((i * 7) % 5) * 10);
/**
 * Six openings, played in this order on one fresh engine process (a depth-limited search on the
 * single-threaded build is repeatable, its hash carried from game to game included): the fifth
 * game's Black read ACPL 14.7 with top-1 27% and top-3 67%, judged clean by the rule before issue 33.
 */
const OPENINGS = [[], ['d2d4'], ['c2c4'], ['e2e4', 'c7c5'], ['g1f3', 'd7d5'], ['e2e4', 'e7e6']];

const show = (f: SideFigures) =>
  `acpl ${f.acpl.toFixed(1)} steady ${f.steadyAcpl?.toFixed(1)} top1 ${Math.round(f.top1 * 100)}% top3 ${Math.round(f.top3 * 100)}%`;

/**
 * Issue 33, the clockwork bound: Stockfish playing itself for 40 plies at a steady pace, through
 * the engine service as bot moves and analyses go, analysed as the worker analyses (MultiPV 3 at a
 * fixed depth): every side is suspect.
 */
describe('all-engine 40-ply games on Stockfish', () => {
  const engine = new EngineService(
    new EnginePool({
      command: engineCommand(undefined),
      size: 1,
      queueMax: 8,
      log: { warn: () => {}, error: () => {} },
    }),
  );
  afterAll(() => engine.close());

  it('every side of every game is flagged', async () => {
    const missed: string[] = [];
    for (const opening of OPENINGS) {
      const moves = [...opening];
      while (moves.length < PLIES) {
        const best = (await engine.analyseLines(STANDARD_FEN, moves, { depth: DEPTH, multipv: 1 })).bestMove;
        expect(best).toBeTruthy();
        moves.push(best!);
      }
      const plies = await analyseGame(
        engine,
        { initialFen: STANDARD_FEN, moves, moveTimes: clockwork(PLIES) },
        { plan: { depth: DEPTH, multipv: 3 } },
      );
      for (const color of ['white', 'black'] as const) {
        const f = sideFigures(plies, color);
        const verdict = gameVerdict(f, plies.length);
        if (verdict.kind !== 'suspect') missed.push(`[${opening.join(' ')}] ${color} ${verdict.kind}: ${show(f)}`);
      }
    }
    expect(missed).toEqual([]);
  }, 60_000);
});
