import { codePointLength, oneLine } from './control.ts';

/**
 * SPEC 5 "Chat (friend, lobby, spectator): max 140, trimmed, empty not sent" and SPEC 9 "Chat
 * max 140": the one chat rule. Friend messages, the battle lobby chat, the game's player chat
 * and the spectator chat all run it, on the server and in the browser before sending.
 */
export const CHAT_MAX_LENGTH = 140;

export const CHAT_TEXTS = {
  empty: 'Message is empty', // ours (SPEC 5: empty not sent)
  tooLong: `Message is too long (${CHAT_MAX_LENGTH} characters at most)`, // ours
} as const;

export type ChatCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong'; message: string };

/**
 * A chat line is one line of plain text: control characters (NUL included, which PostgreSQL
 * cannot hold) become spaces, then it is trimmed; empty is not sent; the limit counts code
 * points, as the person typing counts characters.
 */
export function checkChatText(raw: string): ChatCheck {
  const text = oneLine(raw);
  if (text.length === 0) return { ok: false, reason: 'empty', message: CHAT_TEXTS.empty };
  if (codePointLength(text) > CHAT_MAX_LENGTH) return { ok: false, reason: 'tooLong', message: CHAT_TEXTS.tooLong };
  return { ok: true, text };
}
