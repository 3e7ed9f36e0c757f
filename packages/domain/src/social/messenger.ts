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
const CHAT_WINDOW_OFFSET_PX = 100;
const CHAT_WINDOW_SPACING_PX = 320;
/** SPEC 2 "paged when old": how many messages one page of a conversation holds. */
export const CHAT_PAGE_SIZE = 30; // ours

/** SPEC 2: docked chat windows, the first 100px from the edge and each next one 320px further. */
export const chatWindowLeft = (index: number): number => CHAT_WINDOW_OFFSET_PX + CHAT_WINDOW_SPACING_PX * index;

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

/**
 * Message ids are decimal strings (the server's bigserial, the wire's MarkReadRequest): a shorter
 * one is the smaller number, ids of one length compare as text ("99" before "100").
 */
export function compareMessageIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * SPEC 7 "messages per user pair sorted by timeSent"; equal times by id, so every client agrees
 * (and agrees with the server, which pages by (timeSent, id)).
 */
export function compareMessages(
  a: Pick<ChatMessage, 'id' | 'timeSent'>,
  b: Pick<ChatMessage, 'id' | 'timeSent'>,
): number {
  const dt = a.timeSent.getTime() - b.timeSent.getTime();
  return dt !== 0 ? dt : compareMessageIds(a.id, b.id);
}

/** The other user of a message, seen from `me`. */
export const counterpartOf = (m: Pick<ChatMessage, 'sender' | 'receiver'>, me: string): string =>
  m.sender === me ? m.receiver : m.sender;

/**
 * SPEC 2 read tick: shown on a message I sent once its receiver has read it; on the popup's
 * last-message row a message I received shows none.
 */
export const showsReadTick = (m: Pick<ChatMessage, 'sender' | 'read'>, me: string): boolean =>
  m.sender === me && m.read;
