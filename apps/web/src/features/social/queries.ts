import { useQuery, useQueryClient } from '@tanstack/react-query';
import { counterpartOf } from '@rush/domain';
import { SocialUserEvents, TOPICS, type Me } from '@rush/protocol';
import { useTopic } from '../../api/realtime-react.tsx';
import { fetchConversations, fetchFriends, SOCIAL_KEYS } from './api.ts';
import { addMessage, markReadUpTo } from './cache.ts';

/** The friends list (GET friends); `friends.changed` on the user's topic refetches it. */
export function useFriends(me: Me | null) {
  return useQuery({ queryKey: SOCIAL_KEYS.friends, queryFn: fetchFriends, enabled: !!me, staleTime: 30_000 });
}

/** SPEC 2: the user menu's pending-invite badge: the session's count, then the live friends list's. */
export function usePendingInvites(me: Me): number {
  return useFriends(me).data?.pendingInvites ?? me.pendingFriendInvites;
}

/**
 * The user menu's unread-messages badge: the conversations list's total, kept current by the
 * social events (a new message or a read refetches it).
 */
export function useUnreadMessages(me: Me): number {
  return (
    useQuery({
      queryKey: SOCIAL_KEYS.conversations,
      queryFn: fetchConversations,
      staleTime: 30_000,
      retry: false,
      enabled: !me.banned,
    }).data?.unread ?? 0
  );
}

export function useConversations() {
  return useQuery({ queryKey: SOCIAL_KEYS.conversations, queryFn: fetchConversations, staleTime: 0 });
}

/**
 * The social events on `user:{uid}` (SocialUserEvents): friends changed (refetch the list), a new
 * message (into its conversation; one from the friend handed to `onIncoming`), messages read
 * (ticks), typing (handed to `onTyping`).
 */
export function useSocialEvents(
  me: Me,
  onTyping: (from: string) => void,
  onIncoming: (from: string) => void = () => {},
): void {
  const client = useQueryClient();
  const refreshConversations = () => void client.invalidateQueries({ queryKey: SOCIAL_KEYS.conversations });
  useTopic(TOPICS.user(me.uid), {
    onEvent: (event) => {
      switch (event.type) {
        case SocialUserEvents.friends:
          void client.invalidateQueries({ queryKey: SOCIAL_KEYS.friends });
          return;
        case SocialUserEvents.message:
          addMessage(client, counterpartOf(event.data.message, me.uid), event.data.message);
          refreshConversations();
          if (event.data.message.sender !== me.uid) onIncoming(event.data.message.sender);
          return;
        case SocialUserEvents.read: {
          const { reader, upTo } = event.data;
          // The other side read my messages; or I read theirs in another tab (then `reader` is me
          // and the conversation is unknown here, so every open one is refetched).
          if (reader !== me.uid) markReadUpTo(client, reader, me.uid, upTo);
          else void client.invalidateQueries({ queryKey: SOCIAL_KEYS.conversationsAll });
          refreshConversations();
          return;
        }
        case SocialUserEvents.typing:
          onTyping(event.data.from);
          return;
        default:
          return;
      }
    },
    onResync: () => {
      void client.invalidateQueries({ queryKey: SOCIAL_KEYS.friends });
      refreshConversations();
      void client.invalidateQueries({ queryKey: SOCIAL_KEYS.conversationsAll });
    },
  });
}
