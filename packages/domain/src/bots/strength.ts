/**
 * Bot difficulty (SPEC 9: bot multipliers Low 1x, Mid 2x, High 3x) and how strong the engine
 * plays at each level.
 *
 * How the levels were chosen: Stockfish's `UCI_Elo` (with `UCI_LimitStrength`) is calibrated
 * against CCRL 40/4 for its range 1320-3190 (1350-2850 before Stockfish 16, e.g. Debian 12's
 * 15.1, which ignores a value below its floor), so it is the knob with a meaning players can read.
 * Low sits at the floor both accept, 1350 (a club beginner still loses to it, but it blunders
 * pieces often), Mid at a strong club player, High at master level: each step is a clear jump a player feels, and
 * each pays more because it is harder to beat. `Skill Level` is set too, for engines built
 * without `UCI_Elo` (Stockfish ignores it while `UCI_LimitStrength` is on). Move time grows
 * with the level so the stronger bot is not also the one that answers at once; it is an upper
 * bound that the bot's own clock lowers (botMoveTimeMs).
 */
export const BOT_LEVELS = ['low', 'mid', 'high'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface BotStrength {
  label: 'Low' | 'Mid' | 'High';
  /** SPEC 9: what a win pays, times the stake. */
  multiplier: 1 | 2 | 3;
  uciElo: number;
  skillLevel: number;
  moveTimeMs: number;
  /**
   * On Lichess the bot is maia1; when maia1 declines, the Lichess AI at this level (1..8) plays,
   * the level whose published strength is nearest to `uciElo` (about 1400, 1700 and 2300).
   */
  lichessAiLevel: 3 | 4 | 6;
}

export const BOT_STRENGTH: Readonly<Record<BotLevel, BotStrength>> = {
  low: { label: 'Low', multiplier: 1, uciElo: 1350, skillLevel: 0, moveTimeMs: 300, lichessAiLevel: 3 },
  mid: { label: 'Mid', multiplier: 2, uciElo: 1800, skillLevel: 8, moveTimeMs: 600, lichessAiLevel: 4 },
  high: { label: 'High', multiplier: 3, uciElo: 2400, skillLevel: 15, moveTimeMs: 1000, lichessAiLevel: 6 },
};

/** The bot never spends more than this share of its remaining time on one move. */
const CLOCK_SHARE = 30;
/** Below this the engine gets no useful search; a flagging bot still moves. */
export const BOT_MIN_MOVE_MS = 50;

/**
 * How long the bot thinks on this move: the level's move time, but never more than a thirtieth
 * of its remaining clock plus most of its increment, and never less than the floor, so a bot
 * low on time plays fast instead of losing on time while it thinks.
 */
export function botMoveTimeMs(level: BotLevel, clockMs: number, incrementMs = 0): number {
  const budget = Math.floor(Math.max(0, clockMs) / CLOCK_SHARE + Math.max(0, incrementMs) * 0.8);
  return Math.max(BOT_MIN_MOVE_MS, Math.min(BOT_STRENGTH[level].moveTimeMs, budget));
}
