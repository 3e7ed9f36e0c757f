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

/**
 * Lichess's chat (the Board API's `POST /api/board/game/{id}/chat`) takes at most 140
 * characters as lila's form counts them: UTF-16 units (a JVM string's length), so an emoji
 * outside the Basic Multilingual Plane counts twice and 140 emoji are refused there although
 * our own rule takes them. A line for a Lichess game's player chat passes both rules, so what
 * we accept Lichess accepts too, and the player reads our words instead of a refusal.
 */
export const LICHESS_CHAT_MAX_UTF16 = 140;

export const LICHESS_CHAT_TEXTS = {
  tooLong: `Message is too long for Lichess (${LICHESS_CHAT_MAX_UTF16} characters at most; an emoji counts as two)`, // ours
} as const;

export function checkLichessChatText(raw: string): ChatCheck {
  const checked = checkChatText(raw);
  if (!checked.ok) return checked;
  // String.prototype.length counts UTF-16 units, as lila does.
  if (checked.text.length > LICHESS_CHAT_MAX_UTF16)
    return { ok: false, reason: 'tooLong', message: LICHESS_CHAT_TEXTS.tooLong };
  return checked;
}
