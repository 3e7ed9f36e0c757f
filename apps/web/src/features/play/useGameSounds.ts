import { useEffect, useRef } from 'react';
import { gameSoundFor, type SoundState } from '@rush/domain';
import type { GameView } from '@rush/protocol';
import { playSound } from '../../ui/sound.ts';

/**
 * Issue 19: the start, move, capture and check sounds of a game screen (live and bot games). The
 * choice is the domain's `gameSoundFor` between the last state this screen saw and the new one;
 * a muted user hears nothing, and what happens while muted is still taken as seen, so unmuting
 * never replays an old move.
 */
export function useGameSounds(view: Pick<GameView, 'id' | 'status' | 'ply' | 'san'>, muted: boolean): void {
  const seen = useRef<SoundState | null>(null);
  const { id, status, ply, san } = view;
  useEffect(() => {
    const now: SoundState = { gameId: id, status, ply, san };
    const sound = gameSoundFor(seen.current, now);
    seen.current = now;
    if (sound && !muted) playSound(sound);
  }, [id, status, ply, san, muted]);
}
