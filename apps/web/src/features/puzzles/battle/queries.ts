import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LobbyView } from '@rush/protocol';
import { PUZZLE_TOPICS, PuzzleEvents } from '@rush/protocol';
import { useTopic } from '../../../api/realtime-react.tsx';
import { BATTLE_KEYS, fetchBattleOptions, fetchLobbies, fetchLobby } from './api.ts';
import { reloadOnce } from '../../../api/reload-once.ts';
import { fetchUnlessReplaced, replaceFromEvent } from '../../../api/event-wins.ts';

/** A lobby with the server clock's offset when it arrived (countdown and battle timer). */
export interface LobbyEntry {
  view: LobbyView;
  /** Server time minus local time, ms: `Date.now() + offset` reads the server's clock. */
  offset: number;
}

export function toEntry(view: LobbyView, now = Date.now()): LobbyEntry {
  const server = Date.parse(view.serverNow);
  return { view, offset: Number.isFinite(server) ? server - now : 0 };
}

/** A server time as a local `Date.now()` deadline; null when the time is unset. */
export function localDeadline(iso: string | null, offset: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at - offset : null;
}

/**
 * Stores a lobby. The topic's copy never carries the private code (only the owner's HTTP answers
 * do), so a code already known is kept.
 */
function withKnownCode(client: QueryClient, view: LobbyView): LobbyEntry {
  const previous = client.getQueryData<LobbyEntry>(BATTLE_KEYS.lobby(view.id));
  return toEntry({ ...view, code: view.code ?? previous?.view.code ?? null });
}

export function storeLobby(client: QueryClient, view: LobbyView): void {
  replaceFromEvent(client, BATTLE_KEYS.lobby(view.id), withKnownCode(client, view));
}

/** The public lobbies (SPEC 2 list): GET, then live from the `lobbies` topic. */
export function useLobbies() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: BATTLE_KEYS.lobbies,
    queryFn: fetchUnlessReplaced(client, BATTLE_KEYS.lobbies, fetchLobbies),
    staleTime: 0,
  });
  useTopic(PUZZLE_TOPICS.lobbies, {
    onEvent: (event) => replaceFromEvent(client, BATTLE_KEYS.lobbies, event.data.lobbies),
    onResync: () => reloadOnce(client, BATTLE_KEYS.lobbies),
  });
  return query;
}

/**
 * One lobby: GET, then every `lobby.changed` on `lobby:{id}` replaces it whole; `lobby.removed`
 * calls `onRemoved` (the owner left: SPEC 4 "Lobby owner aborted game" for the guests).
 */
export function useLobby(id: string | null, onRemoved: () => void) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: BATTLE_KEYS.lobby(id ?? ''),
    queryFn: fetchUnlessReplaced(client, BATTLE_KEYS.lobby(id ?? ''), async () =>
      withKnownCode(client, await fetchLobby(id ?? '')),
    ),
    enabled: !!id,
    staleTime: 0,
    retry: false,
  });
  useTopic(id ? PUZZLE_TOPICS.lobby(id) : null, {
    onEvent: (event) => {
      if (event.type === PuzzleEvents.lobbyRemoved) {
        onRemoved();
        return;
      }
      if (event.data.lobby.id === id) storeLobby(client, event.data.lobby);
      else void client.invalidateQueries({ queryKey: BATTLE_KEYS.lobby(id ?? '') });
    },
    onResync: () => reloadOnce(client, BATTLE_KEYS.lobby(id ?? '')),
  });
  return query;
}

/** The user's wagers for wmgt_000001 (SPEC 5: stakes filtered by verified game types) and role. */
export const useBattleOptions = () =>
  useQuery({ queryKey: BATTLE_KEYS.options, queryFn: fetchBattleOptions, staleTime: 0 });
