import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TOPICS } from '@rush/protocol';
import { fetchPresence } from './api.ts';
import { useTopic } from '../../api/realtime-react.tsx';
import { loadedSchemas } from '../../api/schemaLoader.ts';
import { reloadOnce } from '../../api/reload-once.ts';
import { fetchUnlessReplaced, replaceFromEvent } from '../../api/event-wins.ts';

export const PRESENCE_KEY = ['presence'] as const;

/** "Players online": fetched once, then kept live by the `presence` topic; null until known. */
export function usePlayersOnline(): number | null {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: PRESENCE_KEY,
    queryFn: fetchUnlessReplaced(client, PRESENCE_KEY, fetchPresence),
    staleTime: Infinity,
    retry: false,
  });

  useTopic(TOPICS.presence, {
    onEvent(event) {
      replaceFromEvent(client, PRESENCE_KEY, event.data);
    },
    onResync(snapshot) {
      // From the socket, which opens once the schemas are in.
      const data = loadedSchemas().PresenceCount.safeParse(snapshot);
      if (data.success) replaceFromEvent(client, PRESENCE_KEY, data.data);
      else reloadOnce(client, PRESENCE_KEY);
    },
  });

  return query.data?.online ?? null;
}
