import type { QueryStatus } from '../../ui/QueryState.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sortOnline } from '@rush/domain';
import { OnlineEvents, SOCIAL_TOPICS, type FriendEntryView, type OnlineUserView } from '@rush/protocol';
import { useTopic } from '../../api/realtime-react.tsx';
import { loadedSchemas } from '../../api/schemaLoader.ts';
import { fetchFriends, fetchOnlineUsers, ONLINE_KEYS } from './api.ts';
import { reloadOnce } from '../../api/reload-once.ts';
import { fetchUnlessReplaced, replaceFromEvent } from '../../api/event-wins.ts';

/**
 * SPEC 2 landing online users: fetched once, then replaced by every `online.changed` on the
 * `online` topic (the server sends the whole list). Sorted here too by the SPEC's activity order,
 * so the order never depends on the sender. Null until known; an empty list when it fails (the
 * landing stays usable without it).
 */
export function useOnlineUsers(): { users: OnlineUserView[] | null; read: QueryStatus<OnlineUserView[]> } {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ONLINE_KEYS.online,
    queryFn: fetchUnlessReplaced(client, ONLINE_KEYS.online, fetchOnlineUsers),
    staleTime: Infinity,
    retry: false,
  });

  // A resync's snapshot, from the socket (so the schemas are in).
  const replace = (payload: unknown): boolean => {
    const parsed = loadedSchemas().OnlineUsersResponse.safeParse(payload);
    if (parsed.success) replaceFromEvent(client, ONLINE_KEYS.online, parsed.data);
    return parsed.success;
  };
  useTopic(SOCIAL_TOPICS.online, {
    onEvent(event) {
      if (event.type === OnlineEvents.changed) replaceFromEvent(client, ONLINE_KEYS.online, event.data);
    },
    onResync(snapshot) {
      if (!replace(snapshot)) reloadOnce(client, ONLINE_KEYS.online);
    },
  });

  return {
    users: query.data ? sortOnline(query.data.users) : null,
    // The list as QueryState reads it: loading, failed with Try again, or the sorted users.
    read: {
      data: query.data ? sortOnline(query.data.users) : undefined,
      isError: query.isError,
      error: query.error,
      refetch: query.refetch,
    },
  };
}

/** The signed-in viewer's friend entries by uid (SPEC 6: add-friend only when not friends). */
export function useFriendViews(signedIn: boolean): Map<string, FriendEntryView['view']> | null {
  const query = useQuery({ queryKey: ONLINE_KEYS.friends, queryFn: fetchFriends, enabled: signedIn, retry: false });
  if (!signedIn || !query.data) return null;
  return new Map(query.data.friends.map((f) => [f.uid, f.view]));
}
