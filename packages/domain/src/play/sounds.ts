import type { GameStatus } from './status.ts';

/*
 * Which sound a live game plays (issue 19), decided from what the screen knew before and what it
 * knows now. Pure, so the choice is tested apart from the audio; the web plays the answer.
 */

export const GAME_SOUNDS = ['start', 'move', 'capture', 'check', 'lowTime'] as const;
export type GameSound = (typeof GAME_SOUNDS)[number];

/**
 * The sound of one move from its SAN: a check (or mate) above a capture above a plain move, so
 * "Bxf7+" sounds as the check it gives. Castling and promotions without capture are moves.
 */
export function moveSound(san: string): 'move' | 'capture' | 'check' {
  if (/[+#]$/.test(san)) return 'check';
  if (san.includes('x')) return 'capture';
  return 'move';
}

/** What a game screen needs to know to choose a sound. */
export interface SoundState {
  gameId: string;
  status: GameStatus;
  ply: number;
  san: readonly string[];
}

/**
 * The sound for going from `before` (null: the screen just opened this game) to `now`: the start
 * sound when a live game is first shown before any move (a reload mid-game stays quiet), the
 * move's sound when exactly one ply was added while the game was live (the last move may end it),
 * nothing for a takeback, a jump after a resync, or a game that was already over.
 */
export function gameSoundFor(before: SoundState | null, now: SoundState): GameSound | null {
  if (!before || before.gameId !== now.gameId) {
    return now.status === 'started' && now.ply === 0 ? 'start' : null;
  }
  if (before.status !== 'started') return null;
  if (now.ply !== before.ply + 1) return null;
  const san = now.san[now.ply - 1];
  return san === undefined ? null : moveSound(san);
}
