import { BOT_STRENGTH, botMoveTimeMs, type BotLevel } from '@rush/domain';
import type { EnginePool } from './engine-pool.ts';
import type { Score } from './uci.ts';

export interface PositionAnalysis {
  bestMove: string | null;
  score: Score | null;
  pv: string[];
  depth: number;
}

/** Full strength for analysis: the strength limits a bot search set are lifted again. */
const FULL_STRENGTH = { UCI_LimitStrength: false, 'Skill Level': 20, MultiPV: 1 } as const;

/** One of a MultiPV search's lines: its first move and its score (side to move's view). */
export interface AnalysisLine {
  move: string;
  score: Score;
  pv: string[];
}

/** A position's MultiPV analysis: up to N lines, best first; `score` is the best line's (the evaluation). */
export interface LinesAnalysis {
  lines: AnalysisLine[];
  score: Score | null;
  bestMove: string | null;
  depth: number;
}

/**
 * What the rest of the server asks of the engines (issue 13): a bot's move at its level within
 * its clock, and the analysis of a position (fair play, the evaluation graph).
 */
export class EngineService {
  constructor(private readonly pool: EnginePool) {}

  /** A new bot game is refused while this is true (backpressure, not a slower move for everyone). */
  get busy(): boolean {
    return this.pool.full;
  }

  async botMove(
    fen: string,
    moves: readonly string[],
    level: BotLevel,
    clock: { remainingMs: number; incrementMs: number },
  ): Promise<string | null> {
    const s = BOT_STRENGTH[level];
    const result = await this.pool.search(
      {
        fen,
        moves,
        limit: { movetimeMs: botMoveTimeMs(level, clock.remainingMs, clock.incrementMs) },
        // MultiPV 1: an analysis on the same process may have left it at 3.
        options: { 'Skill Level': s.skillLevel, UCI_LimitStrength: true, UCI_Elo: s.uciElo, MultiPV: 1 },
      },
      'bot',
    );
    return result.bestMove;
  }

  async analyse(fen: string, depth: number): Promise<PositionAnalysis> {
    const result = await this.pool.search({ fen, moves: [], limit: { depth }, options: FULL_STRENGTH }, 'analysis');
    return {
      bestMove: result.bestMove,
      score: result.info?.score ?? null,
      pv: result.info?.pv ?? [],
      depth: result.info?.depth ?? 0,
    };
  }

  /**
   * Fair play (issue 14): the position after `moves` from `fen`, searched at full strength to a
   * fixed depth with MultiPV `multipv`, at priority 'analysis' (every bot move goes first). An
   * EngineBusyError when the queue is full: the caller tries again later.
   */
  async analyseLines(
    fen: string,
    moves: readonly string[],
    opts: { depth: number; multipv: number },
  ): Promise<LinesAnalysis> {
    const multipv = Math.max(1, Math.min(opts.multipv, 10));
    const result = await this.pool.search(
      { fen, moves, limit: { depth: opts.depth }, options: { ...FULL_STRENGTH, MultiPV: multipv } },
      'analysis',
    );
    const ranked = result.lines ?? (result.info ? [result.info] : []);
    const lines: AnalysisLine[] = [];
    for (const l of ranked) {
      const move = l.pv[0];
      if (move && !lines.some((x) => x.move === move)) lines.push({ move, score: l.score, pv: l.pv });
    }
    return {
      lines: lines.slice(0, multipv),
      score: lines[0]?.score ?? result.info?.score ?? null,
      bestMove: result.bestMove,
      depth: result.info?.depth ?? 0,
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
