import { Chess } from 'chess.js';
import { moverOfPly, scoreCp, type PlyAnalysis } from '@rush/domain';
import type { EngineService, LinesAnalysis } from '../engine/index.ts';

/** What the analyser reads of a game. */
export interface GameMoves {
  initialFen: string;
  moves: readonly string[];
  /** Per ply, the think time in ms (null: not measured). */
  moveTimes: readonly (number | null)[];
}

export interface AnalyseOptions {
  depth: number;
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
 * A game's PlyAnalysis[] (issue 14): one MultiPV-3 search per position at a fixed depth. For
 * ply i the search of the position before it gives the engine's top 3 and `bestCp` (the mover's
 * view: the engine scores from the side to move); `playedCp` is the NEXT position's evaluation
 * negated (there the opponent is to move), or the end itself when the move mated or drew.
 */
export async function analyseGame(
  engine: Pick<EngineService, 'analyseLines'>,
  game: GameMoves,
  opts: AnalyseOptions,
): Promise<PlyAnalysis[]> {
  const board = new Chess(game.initialFen);
  const n = game.moves.length;
  /** Side-to-move evaluation and the search of every position 0..n (after k plies). */
  const evals: number[] = [];
  const searches: (LinesAnalysis | null)[] = [];
  const legal: number[] = [];
  for (let k = 0; k <= n; k++) {
    if (k > 0) {
      const uci = game.moves[k - 1]!;
      board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), ...(uci.length > 4 ? { promotion: uci[4] } : {}) });
    }
    legal.push(board.moves().length);
    if (board.isCheckmate()) {
      evals.push(matedCp());
      searches.push(null);
    } else if (board.isStalemate() || board.isInsufficientMaterial() || (k === n && board.isDraw())) {
      evals.push(0);
      searches.push(null);
    } else {
      const s = await engine.analyseLines(game.initialFen, game.moves.slice(0, k), { depth: opts.depth, multipv: 3 });
      evals.push(s.score ? scoreCp(s.score) : 0);
      searches.push(s);
    }
    if (opts.onProgress && !(await opts.onProgress(k + 1, n + 1))) throw new AnalysisAbandoned();
  }
  const plies: PlyAnalysis[] = [];
  for (let i = 1; i <= n; i++) {
    const before = searches[i - 1];
    plies.push({
      ply: i,
      color: moverOfPly(i),
      played: game.moves[i - 1]!,
      top: before ? before.lines.slice(0, 3).map((l) => l.move) : [],
      bestCp: evals[i - 1]!,
      playedCp: -evals[i]!,
      legalMoves: legal[i - 1]!,
      moveTimeMs: game.moveTimes[i - 1] ?? null,
    });
  }
  return plies;
}
