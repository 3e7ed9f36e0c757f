import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GameEvents, SPECTATE_HEARTBEAT_MS } from '@rush/protocol';
import { applyToCache, type GameCommands } from '../play/index.ts';

/**
 * SPEC 7: a spectator is counted through a heartbeat every 30 s while watching, and removed on
 * leave. Runs while mounted and `active` (the game is live); failures are silent (the next beat
 * tries again).
 */
export function useSpectateHeartbeat(gameId: string | null, active: boolean, commands: GameCommands): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!gameId || !active) return;
    const beat = () => {
      commands.spectate().then(
        ({ count }) => applyToCache(client, gameId, { type: GameEvents.spectators, data: { gameId, count } }),
        () => {},
      );
    };
    beat();
    const timer = setInterval(beat, SPECTATE_HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      commands.unspectate().catch(() => {});
    };
  }, [gameId, active, commands, client]);
}
