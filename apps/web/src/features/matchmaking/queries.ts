import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChallengeEventData } from '@rush/protocol';
import { MatchmakingUserEvents, TOPICS, UserEvents, type Me, type MatchmakingView } from '@rush/protocol';
import { useTopic } from '../../api/realtime-react.tsx';
import {
  fetchAppState,
  fetchCatalog,
  fetchChallenges,
  fetchCurrentMatchmaking,
  fetchOptions,
  MATCH_KEYS,
} from './api.ts';
import { reloadOnce } from '../../api/reload-once.ts';
import { fetchUnlessReplaced, replaceFromEvent } from '../../api/event-wins.ts';

/** The user's matchmaking record with the server clock's offset when it arrived (the wait timer). */
export interface MatchmakingRecord {
  record: MatchmakingView;
  /** Server time minus local time, ms: local `Date.now() + offset` reads the server's clock. */
  offset: number;
}

export function toRecord(view: MatchmakingView | null, now = Date.now()): MatchmakingRecord | null {
  if (!view) return null;
  const server = Date.parse(view.serverNow);
  return { record: view, offset: Number.isFinite(server) ? server - now : 0 };
}

export function storeMatchmaking(client: QueryClient, view: MatchmakingView | null): void {
  replaceFromEvent(client, MATCH_KEYS.current, toRecord(view));
}

/** searching, matched, starting and playing keep the user on /match (SPEC 2). */
export const ACTIVE_STATES: ReadonlySet<MatchmakingView['state']> = new Set([
  'searching',
  'matched',
  'starting',
  'playing',
]);

export const isActive = (entry: MatchmakingRecord | null | undefined): boolean =>
  !!entry && ACTIVE_STATES.has(entry.record.state);

/**
 * The signed-in user's matchmaking record (null when none): GET current, then every
 * `matchmaking.changed` on the user's topic replaces it whole (the server sends the record).
 */
export function useMatchmaking(me: Me | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: MATCH_KEYS.current,
    queryFn: fetchUnlessReplaced(client, MATCH_KEYS.current, async () =>
      toRecord((await fetchCurrentMatchmaking()).matchmaking),
    ),
    enabled: !!me,
    staleTime: 0,
  });
  useTopic(me ? TOPICS.user(me.uid) : null, {
    onEvent: (event) => {
      if (event.type === MatchmakingUserEvents.changed) storeMatchmaking(client, event.data.matchmaking);
    },
    onResync: () => reloadOnce(client, MATCH_KEYS.current),
  });
  return query;
}

/** SPEC 3 app state (paused, announcement): GET at start, then `app.state` on the `app` topic. */
export function useAppState() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: MATCH_KEYS.appState,
    queryFn: fetchUnlessReplaced(client, MATCH_KEYS.appState, fetchAppState),
    staleTime: 60_000,
    retry: false,
  });
  useTopic(TOPICS.app, {
    onEvent: (event) => replaceFromEvent(client, MATCH_KEYS.appState, event.data),
    onResync: () => reloadOnce(client, MATCH_KEYS.appState),
  });
  return query;
}

export const useCatalog = () => useQuery({ queryKey: MATCH_KEYS.catalog, queryFn: fetchCatalog, staleTime: 60_000 });

/**
 * The wizard's options for the user. They depend on the account (a ban, a verified level) and
 * its balances, so a change of either on the user's topic (an admin's ban or unban, a deposit)
 * reads them again: the wizard on screen never keeps a refusal that no longer holds.
 */
export function useMatchOptions(me: Me | null, gameType: string | null, challengeid: string | null, enabled: boolean) {
  const client = useQueryClient();
  useTopic(me ? TOPICS.user(me.uid) : null, {
    onEvent: (event) => {
      if (event.type === UserEvents.profileChanged || event.type === UserEvents.balancesChanged) {
        void client.invalidateQueries({ queryKey: MATCH_KEYS.optionsAll });
      }
    },
    onResync: () => reloadOnce(client, MATCH_KEYS.optionsAll),
  });
  return useQuery({
    queryKey: MATCH_KEYS.options(gameType, challengeid),
    queryFn: () => fetchOptions(gameType, challengeid),
    enabled,
    staleTime: 0,
    // Another game type keeps the last options on screen until its own arrive (no flash).
    placeholderData: keepPreviousData,
  });
}

/** Pending challenges to and from the user; `challenge.*` events reload them. */
export function useChallenges(me: Me, onClosed?: (data: ChallengeEventData) => void) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: MATCH_KEYS.challenges, queryFn: fetchChallenges, staleTime: 0, retry: false });
  useTopic(TOPICS.user(me.uid), {
    onEvent: (event) => {
      if (event.type !== MatchmakingUserEvents.challenge && event.type !== MatchmakingUserEvents.challengeClosed)
        return;
      void client.invalidateQueries({ queryKey: MATCH_KEYS.challenges });
      if (event.type === MatchmakingUserEvents.challengeClosed) onClosed?.(event.data);
    },
    onResync: () => reloadOnce(client, MATCH_KEYS.challenges),
  });
  return query;
}
