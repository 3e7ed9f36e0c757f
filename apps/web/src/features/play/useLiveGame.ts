import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PLAY_TOPICS, type GameView } from '@rush/protocol';
import { fetchCurrentGame, fetchGame } from './api.ts';
import { useConnectionStatus, useTopic } from '../../api/realtime-react.tsx';
import { applyGameEvent, liveGame, newerGame, parseSnapshot, type EventLike, type LiveGame } from './liveGame.ts';

export const gameKey = (gameId: string) => ['play', 'game', gameId] as const;
export const CURRENT_GAME_KEY = ['play', 'current'] as const;

/**
 * Puts a freshly read view in the cache (the clock's local arrival time is now), unless the
 * cache already holds a later state of the game (newerGame).
 */
export function storeGame(client: QueryClient, view: GameView): LiveGame {
  const game = newerGame(client.getQueryData<LiveGame>(gameKey(view.id)), liveGame(view, Date.now()));
  client.setQueryData(gameKey(view.id), game);
  return game;
}

/**
 * The user's unfinished game (or null). Its view also seeds that game's own cache entry, so the
 * game screen opens without a second request.
 */
export function useCurrentGame() {
  const client = useQueryClient();
  return useQuery({
    queryKey: CURRENT_GAME_KEY,
    queryFn: async () => {
      const { game } = await fetchCurrentGame();
      if (game) storeGame(client, game);
      return game ? game.id : null;
    },
    staleTime: 0,
  });
}

/**
 * Applies an event (or a move's ack, which carries the same data) to the cached game. Returns
 * false when the game must be reloaded (a version is missing).
 */
export function applyToCache(client: QueryClient, gameId: string, event: EventLike): boolean {
  const current = client.getQueryData<LiveGame>(gameKey(gameId));
  if (!current) return true;
  const outcome = applyGameEvent(current, event, Date.now());
  if (outcome.kind === 'applied') client.setQueryData(gameKey(gameId), outcome.game);
  return outcome.kind !== 'gap';
}

export function refetchGame(client: QueryClient, gameId: string): Promise<void> {
  return client.refetchQueries({ queryKey: gameKey(gameId), exact: true });
}

/**
 * One game, live: GET game, then the `game:{id}` topic (and the players' chat topic for a
 * player) applied in version order. A gap, a resync without a readable snapshot, or the socket
 * coming back after a drop reloads the whole view, so a reload or a network loss always comes
 * back to the server's exact state.
 */
export function useLiveGame(gameId: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: gameKey(gameId ?? ''),
    // A read that an event overtook keeps the event's state (newerGame): the cache is taken
    // once the read is back, with what arrived meanwhile (taken before it, as an argument
    // evaluated ahead of the await, it missed exactly those).
    queryFn: async () => {
      const sentAt = Date.now();
      const read = liveGame(await fetchGame(gameId ?? ''), Date.now());
      return newerGame(client.getQueryData<LiveGame>(gameKey(gameId ?? '')), read, sentAt);
    },
    enabled: gameId !== null,
    staleTime: Infinity,
    retry: false,
  });

  const reload = () => {
    if (gameId) void refetchGame(client, gameId);
  };
  const onEvent = (event: EventLike) => {
    if (gameId && !applyToCache(client, gameId, event)) reload();
  };
  const onResync = (snapshot: unknown) => {
    const view = parseSnapshot(snapshot);
    if (view && gameId && view.id === gameId) storeGame(client, view);
    else reload();
  };

  useTopic(gameId ? PLAY_TOPICS.game(gameId) : null, { onEvent, onResync });
  const isPlayer = Boolean(query.data?.view.you);
  useTopic(gameId && isPlayer ? PLAY_TOPICS.playerChat(gameId) : null, { onEvent, onResync: () => reload() });

  // Back online after a drop: the topics resume on their own, and the view is read again anyway
  // (clocks moved on while we were away).
  const status = useConnectionStatus();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'open' && was === 'reconnecting' && gameId) void refetchGame(client, gameId);
  }, [status, client, gameId]);

  return query;
}
