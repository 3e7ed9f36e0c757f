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
const FULL_STRENGTH = { UCI_LimitStrength: false, 'Skill Level': 20 } as const;

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
        options: { 'Skill Level': s.skillLevel, UCI_LimitStrength: true, UCI_Elo: s.uciElo },
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

  close(): Promise<void> {
    return this.pool.close();
  }
}
