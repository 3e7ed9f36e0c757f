import type { Move } from 'chess.js';
import type { EmulatedGame, Side } from './types.ts';

/**
 * How the emulator's opponents play: `maia1` (a BOT account) and the Lichess AI (a side with no
 * user, lichess-org/api tags/challenges/api-challenge-ai.yaml) move at once with a simple rule,
 * enough for tests to finish games; their strength is not what the emulator claims.
 */

const value: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };

/** Mate if they can, else the biggest capture, else the first legal move (null: none). */
export function botMove(g: EmulatedGame): string | null {
  const moves = g.chess.moves({ verbose: true });
  if (moves.length === 0) return null;
  const uci = (m: Move) => m.from + m.to + (m.promotion ?? '');
  const mate = moves.find((m) => m.san.endsWith('#'));
  if (mate) return uci(mate);
  const captures = moves.filter((m) => m.captured).sort((a, b) => value[b.captured!]! - value[a.captured!]!);
  return uci(captures[0] ?? moves[0]!);
}

export const isBotSide = (s: Side): boolean => s.user === null || s.user.bot;
