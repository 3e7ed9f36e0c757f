import { SOCIAL_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of friends and the messenger, one function per route of SOCIAL_ROUTES the app uses. */

export const SOCIAL_KEYS = {
  friends: ['social', 'friends'] as const,
  conversations: ['social', 'conversations'] as const,
  conversation: (friendUid: string) => ['social', 'conversation', friendUid] as const,
  conversationsAll: ['social', 'conversation'] as const,
};

export const fetchFriends = () => request('GET', SOCIAL_ROUTES.friends, { schema: (s) => s.FriendsResponse });
export const inviteFriend = (username: string) => request('POST', SOCIAL_ROUTES.invite, { json: { username } });
export const acceptFriend = (uid: string) => request('POST', SOCIAL_ROUTES.accept(uid), { json: {} });
export const cancelFriend = (uid: string) => request('POST', SOCIAL_ROUTES.cancel(uid), { json: {} });
export const removeFriend = (uid: string) => request('POST', SOCIAL_ROUTES.remove(uid), { json: {} });

export const fetchConversations = () =>
  request('GET', SOCIAL_ROUTES.conversations, { schema: (s) => s.ConversationsResponse });

/** A page of a conversation, oldest first; `before` = the oldest message id already shown. */
export function fetchMessages(friendUid: string, before?: string) {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return request('GET', `${SOCIAL_ROUTES.conversation(friendUid)}${query}`, { schema: (s) => s.MessagesResponse });
}

export const sendMessage = (friendUid: string, message: string) =>
  request('POST', SOCIAL_ROUTES.conversation(friendUid), { json: { message }, schema: (s) => s.MessageView });

export const markRead = (friendUid: string, messageId: string) =>
  request('POST', SOCIAL_ROUTES.read(friendUid), { json: { messageId } });

export const deleteChat = (friendUid: string) => request('POST', SOCIAL_ROUTES.deleteChat(friendUid), { json: {} });
