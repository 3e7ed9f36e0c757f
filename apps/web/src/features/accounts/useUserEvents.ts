import { useQueryClient } from '@tanstack/react-query';
import { TOPICS, UserEvents, type Me } from '@rush/protocol';
import type { EventOn } from '../../api/events.ts';
import { useTopic } from '../../api/realtime-react.tsx';
import { SESSION_KEY } from '../../api/session.ts';
import { reloadOnce } from '../../api/reload-once.ts';

/**
 * The signed-in user's own topic: SPEC 4 single session (another session took over: reload, which
 * signs this page out), logout elsewhere, and profile or balance changes (refetch the session).
 */
export function useUserEvents(me: Me | null, reload: () => void = () => window.location.reload()): void {
  const client = useQueryClient();
  const refresh = () => reloadOnce(client, SESSION_KEY);

  const onEvent = (event: EventOn<ReturnType<typeof TOPICS.user>>) => {
    switch (event.type) {
      case UserEvents.sessionReplaced:
        if (me && event.data.sessionId !== me.sessionId) reload();
        return;
      case UserEvents.loggedOut:
        if (event.data.sessionId === me?.sessionId) refresh();
        return;
      case UserEvents.profileChanged:
      case UserEvents.balancesChanged:
        refresh();
        return;
      default:
        return;
    }
  };

  useTopic(me ? TOPICS.user(me.uid) : null, { onEvent, onResync: refresh });
}
