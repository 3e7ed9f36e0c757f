import { checkChatText } from '../text/chat.ts';
import { PLAY_TEXTS } from './texts.ts';

/** SPEC 5: spectator chat closes 180 s after the finish. */
export const SPECTATOR_CHAT_EXPIRY_MS = 180_000;

export type SpectatorChatCheck =
  | { ok: true; text: string }
  | { ok: false; reason: 'login' | 'missing' | 'expired' | 'repeat' | 'empty' | 'tooLong'; message: string };

/**
 * SPEC 5/8 spectator chat: visitors are told to log in, a missing game or text is 'Missing
 * data', the chat closes 180 s after the finish, and a case-insensitive repeat of one's own
 * last message is refused.
 */
export function checkSpectatorChat(opts: {
  signedIn: boolean;
  gameExists: boolean;
  text: string | null | undefined;
  finishedAt: Date | null;
  now: Date;
  lastOwnText: string | null;
}): SpectatorChatCheck {
  if (!opts.signedIn) return { ok: false, reason: 'login', message: PLAY_TEXTS.chatLogin };
  if (!opts.gameExists || opts.text === null || opts.text === undefined) {
    return { ok: false, reason: 'missing', message: PLAY_TEXTS.chatMissingData };
  }
  if (opts.finishedAt !== null && opts.now.getTime() - opts.finishedAt.getTime() >= SPECTATOR_CHAT_EXPIRY_MS) {
    return { ok: false, reason: 'expired', message: PLAY_TEXTS.chatExpired };
  }
  const checked = checkChatText(opts.text);
  if (!checked.ok) return checked;
  if (isChatRepeat(opts.lastOwnText, checked.text))
    return { ok: false, reason: 'repeat', message: PLAY_TEXTS.chatRepeat };
  return checked;
}

/**
 * SPEC 5 "a repeat of own last message case-insensitively" ("Last message is the same, don't
 * spam"). SPEC names it for the spectator chat; issue 33 applies it to the players' chat as well,
 * whose flood it also is. `text` is the checked (trimmed) line.
 */
export function isChatRepeat(lastOwnText: string | null, text: string): boolean {
  return lastOwnText !== null && lastOwnText.trim().toLowerCase() === text.toLowerCase();
}

/** When the spectator chat closes for a finished game. */
export const chatClosesAt = (finishedAt: Date): Date => new Date(finishedAt.getTime() + SPECTATOR_CHAT_EXPIRY_MS);
