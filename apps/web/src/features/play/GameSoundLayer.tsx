import type { GameView } from '@rush/protocol';
import { SoundToggle } from './SoundToggle.tsx';
import { useGameSounds } from './useGameSounds.ts';

/**
 * The game screen's sounds and their Mute toggle (issue 19), in a chunk of their own that the
 * game screen loads after its first render (React.lazy): the play page's first load carries
 * neither the tones nor the choice (issue 17's budget).
 */
export function GameSoundLayer({
  view,
  muted,
}: {
  view: Pick<GameView, 'id' | 'status' | 'ply' | 'san'>;
  muted: boolean;
}) {
  useGameSounds(view, muted);
  return <SoundToggle muted={muted} />;
}
