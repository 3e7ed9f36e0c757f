import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MessagesResponse, MessageView } from '@rush/protocol';
import { compareMessageIds, compareMessages } from '@rush/domain';
import { SOCIAL_KEYS } from './api.ts';

/**
 * The cached pages of a conversation (useInfiniteQuery): page 0 is the newest, each next page
 * older. Live events and sends edit the cache in place so a window never refetches to show them.
 */
export type ConversationPages = InfiniteData<MessagesResponse, unknown>;

const byTime = (a: MessageView, b: MessageView): number =>
  compareMessages({ id: a.id, timeSent: new Date(a.timeSent) }, { id: b.id, timeSent: new Date(b.timeSent) });

/** Every cached message once, oldest first (SPEC 7: ordered by timeSent). */
export function flattenPages(data: ConversationPages | undefined): MessageView[] {
  if (!data) return [];
  const seen = new Map<string, MessageView>();
  for (const page of data.pages) for (const m of page.messages) seen.set(m.id, m);
  return [...seen.values()].sort(byTime);
}

function update(client: QueryClient, friendUid: string, change: (m: MessageView) => MessageView): void {
  client.setQueryData<ConversationPages>(SOCIAL_KEYS.conversation(friendUid), (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.map(change) })) } : data,
  );
}

/** A new message (sent or received) joins the newest page, once. */
export function addMessage(client: QueryClient, friendUid: string, message: MessageView): void {
  client.setQueryData<ConversationPages>(SOCIAL_KEYS.conversation(friendUid), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

/** `sender`'s messages in this conversation up to `upTo` are read (the domain's markAsRead rule). */
export function markReadUpTo(client: QueryClient, friendUid: string, sender: string, upTo: string): void {
  update(client, friendUid, (m) =>
    m.sender === sender && !m.read && compareMessageIds(m.id, upTo) <= 0 ? { ...m, read: true } : m,
  );
}
