/** SPEC 3 "Chat message: id, sender, receiver, content, timeSent, read". */
export interface ChatMessage {
  id: string;
  sender: string;
  receiver: string;
  content: string;
  timeSent: Date;
  read: boolean;
}

/** SPEC 9: typing indicator 2 s. */
export const TYPING_MS = 2_000;
/** SPEC 9: chat spacing 320px offset 100px. */
export const CHAT_WINDOW_OFFSET_PX = 100;
export const CHAT_WINDOW_SPACING_PX = 320;
/** SPEC 2 "paged when old": how many messages one page of a conversation holds. */
export const CHAT_PAGE_SIZE = 30; // ours

/** SPEC 2: docked chat windows, the first 100px from the edge and each next one 320px further. */
export const chatWindowLeft = (index: number): number => CHAT_WINDOW_OFFSET_PX + CHAT_WINDOW_SPACING_PX * index;

/** SPEC 2: the peer is shown typing for 2 s after their last keystroke signal. */
export const isTyping = (lastTypingAt: Date | null, now: Date): boolean =>
  lastTypingAt !== null && now.getTime() - lastTypingAt.getTime() < TYPING_MS;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SPEC 2/9 message age in units s, m, h, d: whole units, the largest that is at least one
 * (59 s is "59s", 60 s is "1m"). A message stamped in the future (clock skew) is "0s".
 */
export function messageAge(sentAt: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - sentAt.getTime());
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  return `${Math.floor(ms / DAY)}d`;
}

/** SPEC 7 "messages per user pair sorted by timeSent"; equal times by id, so every client agrees. */
export function compareMessages(
  a: Pick<ChatMessage, 'id' | 'timeSent'>,
  b: Pick<ChatMessage, 'id' | 'timeSent'>,
): number {
  const dt = a.timeSent.getTime() - b.timeSent.getTime();
  if (dt !== 0) return dt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A conversation oldest first (the chat window's order). */
export const sortMessages = <M extends ChatMessage>(messages: readonly M[]): M[] => [...messages].sort(compareMessages);

/** The other user of a message, seen from `me`. */
export const counterpartOf = (m: Pick<ChatMessage, 'sender' | 'receiver'>, me: string): string =>
  m.sender === me ? m.receiver : m.sender;

/**
 * SPEC 2 messenger popup: the last message per friend, newest conversation first. Messages not
 * involving `me` are ignored.
 */
export function lastMessagePerFriend<M extends ChatMessage>(
  messages: readonly M[],
  me: string,
): { counterpart: string; message: M }[] {
  const last = new Map<string, M>();
  for (const m of messages) {
    if (m.sender !== me && m.receiver !== me) continue;
    const who = counterpartOf(m, me);
    const seen = last.get(who);
    if (!seen || compareMessages(m, seen) > 0) last.set(who, m);
  }
  return [...last.entries()]
    .map(([counterpart, message]) => ({ counterpart, message }))
    .sort((a, b) => compareMessages(b.message, a.message));
}

/** Messages to `me` not read yet, per sender. */
export function unreadCounts(messages: readonly ChatMessage[], me: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    if (m.receiver === me && m.sender !== me && !m.read) counts.set(m.sender, (counts.get(m.sender) ?? 0) + 1);
  }
  return counts;
}

/** Total unread messages to `me` (the Messages badge). */
export const unreadTotal = (messages: readonly ChatMessage[], me: string): number =>
  [...unreadCounts(messages, me).values()].reduce((a, b) => a + b, 0);

/**
 * SPEC 2 read tick: shown on a message I sent once its receiver has read it; on the popup's
 * last-message row a message I received shows none.
 */
export const showsReadTick = (m: Pick<ChatMessage, 'sender' | 'read'>, me: string): boolean =>
  m.sender === me && m.read;

/**
 * SPEC 7 markAsRead {uid, messageId}: reading a message marks it and every earlier one from
 * the same sender to me (reading the newest means the window showed them all). Returns the
 * ids that change.
 */
export function idsMarkedRead(messages: readonly ChatMessage[], me: string, upTo: ChatMessage): string[] {
  const from = upTo.sender;
  return messages
    .filter((m) => m.sender === from && m.receiver === me && !m.read && compareMessages(m, upTo) <= 0)
    .map((m) => m.id);
}
