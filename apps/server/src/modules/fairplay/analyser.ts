import { Chess } from 'chess.js';
import { moverOfPly, positionWork, scoreCp, type AnalysisPlan, type PlyAnalysis } from '@rush/domain';
import type { EngineService, LinesAnalysis } from '../engine/index.ts';

/** What the analyser reads of a game. */
export interface GameMoves {
  initialFen: string;
  moves: readonly string[];
  /** Per ply, the think time in ms (null: not measured). */
  moveTimes: readonly (number | null)[];
}

export interface AnalyseOptions {
  /** The search per position (analysisPlan: by the game's stake). */
  plan: AnalysisPlan;
  /** Called after each searched position (the worker renews its lease; a false stops the work). */
  onProgress?: (done: number, total: number) => Promise<boolean> | boolean;
}

export class AnalysisAbandoned extends Error {
  constructor() {
    super('analysis abandoned');
  }
}

/** The side to move is mated: its evaluation, beyond any mate it could still give. */
const matedCp = () => -scoreCp({ mate: 1 });

/**
 * A game's PlyAnalysis[] (issues 14, 35): one search per position the rules read (positionWork:
 * not before book or forced moves), at the plan's depth and MultiPV. For ply i the search of the
 * position before it gives the engine's top moves and `bestCp` (the mover's view: the engine
 * scores from the side to move); `playedCp` is the NEXT position's evaluation negated (there the
 * opponent is to move), or the end itself when the move mated or drew. A position with one legal
 * move is worth its only move: the next position's evaluation negated. A position nothing reads
 * (the book) is not searched: its ply says so (`afterKnown: false`) and shows no evaluation.
 */
export async function analyseGame(
  engine: Pick<EngineService, 'analyseLines'>,
  game: GameMoves,
  opts: AnalyseOptions,
): Promise<PlyAnalysis[]> {
  const board = new Chess(game.initialFen);
  const n = game.moves.length;
  /** Per position 0..n (after k plies): legal moves, and the evaluation when the rules of chess give it. */
  const legal: number[] = [];
  const ends: (number | null)[] = [];
  for (let k = 0; k <= n; k++) {
    if (k > 0) {
      const uci = game.moves[k - 1]!;
      board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci.length > 4 ? { promotion: uci[4] } : {}) });
    }
    const mated = board.isCheckmate();
    const drawn = board.isStalemate() || board.isInsufficientMaterial() || (k === n && board.isDraw());
    legal.push(board.moves().length);
    ends.push(mated ? matedCp() : drawn ? 0 : null);
  }
  // A drawn position with moves left (insufficient material, the final repetition) is not searched either.
  const work = positionWork(legal.map((m, k) => (ends[k] !== null ? 0 : m)));
  const total = work.filter((w) => w === 'search').length;
  /** Side-to-move evaluations (null: not known yet) and the searches. */
  const evals: (number | null)[] = [...ends];
  const searches: (LinesAnalysis | null)[] = Array.from({ length: n + 1 }, () => null);
  let done = 0;
  for (let k = 0; k <= n; k++) {
    if (work[k] !== 'search' || ends[k] !== null) continue;
    const s = await engine.analyseLines(game.initialFen, game.moves.slice(0, k), opts.plan);
    evals[k] = s.score ? scoreCp(s.score) : 0;
    searches[k] = s;
    done++;
    if (opts.onProgress && !(await opts.onProgress(done, total))) throw new AnalysisAbandoned();
  }
  // Forced positions take the next one's evaluation (backwards, so a run of them chains); the rest is level.
  for (let k = n - 1; k >= 0; k--) {
    if (evals[k] === null && legal[k] === 1 && evals[k + 1] !== null) evals[k] = -evals[k + 1]!;
  }
  const cp = (k: number): number => evals[k] ?? 0;
  const plies: PlyAnalysis[] = [];
  for (let i = 1; i <= n; i++) {
    const before = searches[i - 1];
    plies.push({
      ply: i,
      color: moverOfPly(i),
      played: game.moves[i - 1]!,
      top: before ? before.lines.slice(0, 3).map((l) => l.move) : [],
      bestCp: cp(i - 1),
      playedCp: -cp(i),
      afterKnown: evals[i] !== null,
      legalMoves: legal[i - 1]!,
      moveTimeMs: game.moveTimes[i - 1] ?? null,
    });
  }
  return plies;
}
