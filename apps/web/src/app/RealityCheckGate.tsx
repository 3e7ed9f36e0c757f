import { useQuery } from '@tanstack/react-query';
import type { Me } from '@rush/protocol';
import { isActive, useMatchmaking } from '../features/matchmaking/queries.ts';
import { fetchActivePuzzle, PUZZLE_KEYS } from '../features/puzzles/api.ts';
import { RealityCheckHost } from '../features/reality-check/RealityCheckHost.tsx';

/**
 * Issue 37: the reality check waits while the player is busy: searching for a game or in one
 * (matchmaking's record), or in a puzzle game. The server also holds it back during any live
 * game (a bot's too), so a check never lands mid-move; it shows once the game has ended.
 */
export function RealityCheckGate({ me }: { me: Me }) {
  const matchmaking = useMatchmaking(me);
  // The active puzzle game as ActiveGameRedirect last asked it (on every page): read, not fetched again.
  const puzzle = useQuery({ queryKey: PUZZLE_KEYS.active, queryFn: fetchActivePuzzle, enabled: false });
  const busy = isActive(matchmaking.data) || !!puzzle.data?.active;
  return <RealityCheckHost busy={busy} />;
}
