import type { FastifyBaseLogger } from 'fastify';
import { CHAT_PAGE_SIZE, SOCIAL_TEXTS, checkDirectMessage, compareMessages } from '@rush/domain';
import {
  SocialUserEvents,
  TOPICS,
  type ConversationsResponse,
  type MessageView,
  type MessagesResponse,
  type UserEventType,
  type UserEventData,
} from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { avatarUrl } from '../accounts/index.ts';
import { FriendshipStore } from './friends.store.ts';
import type { SocialLimiter } from './limits.ts';
import { MessageStore, type ConversationRow, type MessageRow } from './messages.store.ts';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  hub: Pick<RealtimeHub, 'publish'>;
  limiter: SocialLimiter;
  log: FastifyBaseLogger;
}

/**
 * Content is stored and sent exactly as written (trimmed, control characters as spaces by the
 * domain rule), never HTML-escaped here: it is plain text in JSON, and the web shows it as
 * text (React escapes it), which is where escaping belongs.
 */
export const messageView = (m: MessageRow): MessageView => ({
  id: m.id.toString(),
  sender: m.sender,
  receiver: m.receiver,
  content: m.content,
  timeSent: m.timeSent.toISOString(),
  read: m.read,
});

const INT8_MAX = 9_223_372_036_854_775_807n;
/** A message id from the wire (digits, by the protocol schema) that the bigint column can hold. */
const messageIdOf = (id: string): bigint => {
  const n = BigInt(id);
  if (n > INT8_MAX) throw notFound();
  return n;
};

/** SPEC 4/5 messenger: friend-to-friend messages, paged conversations, read receipts. */
export class MessagesService {
  constructor(private readonly d: MessagesDeps) {}

  private async requireFriend(me: string, them: string): Promise<void> {
    if (!(await new FriendshipStore(this.d.db).areFriends(me, them))) throw forbidden(SOCIAL_TEXTS.notFriends);
  }

  async send(me: string, to: string, text: string): Promise<MessageView> {
    await this.d.limiter.take('message', me);
    const checked = checkDirectMessage({ sender: me, receiver: to, text });
    if (!checked.ok) throw badRequest(checked.message);
    await this.requireFriend(me, to);
    // timeSent is the server's clock: clients' clocks do not decide the order.
    const row = await new MessageStore(this.d.db).insert({
      sender: me,
      receiver: to,
      content: checked.text,
      timeSent: this.d.clock.now(),
    });
    const message = messageView(row);
    // The sender's topic too: their other tabs show the message.
    await this.publish([to, me], SocialUserEvents.message, { message });
    return message;
  }

  /** The conversation page before `before` (a message of this pair), oldest first in the answer. */
  async conversation(me: string, them: string, before: string | undefined): Promise<MessagesResponse> {
    const store = new MessageStore(this.d.db);
    let cursor: MessageRow | null = null;
    if (before !== undefined) {
      cursor = await store.find(messageIdOf(before));
      const ours = cursor && [cursor.sender, cursor.receiver].sort().join() === [me, them].sort().join();
      if (!cursor || !ours) throw notFound();
    }
    const rows = await store.page(me, them, CHAT_PAGE_SIZE + 1, cursor);
    const hasMore = rows.length > CHAT_PAGE_SIZE;
    return { messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(messageView), hasMore };
  }

  async conversations(me: string): Promise<ConversationsResponse> {
    const store = new MessageStore(this.d.db);
    const [rows, unread] = await Promise.all([store.lastPerFriend(me), store.unreadBySender(me)]);
    // Newest conversation first, in the order every client sorts messages by.
    const last = (r: ConversationRow) => ({ id: r.message.id.toString(), timeSent: r.message.timeSent });
    rows.sort((a, b) => compareMessages(last(b), last(a)));
    const conversations = rows.map((r) => ({
      friend: {
        uid: r.friend.uid,
        username: r.friend.username,
        avatarUrl: avatarUrl({ id: r.friend.uid, avatarVersion: r.friend.avatarVersion }),
      },
      last: messageView(r.message),
      unread: unread.get(r.friend.uid) ?? 0,
    }));
    // The badge counts what the popup can show: conversations with current friends.
    return { conversations, unread: conversations.reduce((n, c) => n + c.unread, 0) };
  }

  /** SPEC 7 markAsRead {uid, messageId}: every message from `from` to me up to that one. */
  async markRead(me: string, from: string, messageId: string): Promise<{ ok: true; marked: number }> {
    const store = new MessageStore(this.d.db);
    const upTo = await store.find(messageIdOf(messageId));
    if (!upTo || upTo.sender !== from || upTo.receiver !== me) throw notFound();
    const marked = await store.markRead(me, from, upTo);
    if (marked > 0) {
      // The sender sees the read tick; my other tabs drop the unread count.
      await this.publish([from, me], SocialUserEvents.read, { reader: me, upTo: upTo.id.toString() });
    }
    return { ok: true, marked };
  }

  /** Delete Chat: the conversation so far disappears for me; the friend keeps theirs. */
  async deleteChat(me: string, them: string): Promise<{ ok: true }> {
    if (me === them) throw badRequest(SOCIAL_TEXTS.messageSelf);
    await new MessageStore(this.d.db).hideFor(me, them);
    return { ok: true };
  }

  /** The typing signal: only to a friend, never stored. */
  async typing(me: string, to: string): Promise<void> {
    if (me === to) throw new AppError('VALIDATION', SOCIAL_TEXTS.messageSelf);
    // User ids are UUIDs: anything else is nobody's friend (and control characters never reach SQL).
    if (!/^[A-Za-z0-9-]{1,64}$/.test(to)) throw forbidden(SOCIAL_TEXTS.notFriends);
    await this.requireFriend(me, to);
    await this.publish([to], SocialUserEvents.typing, { from: me });
  }

  private async publish<E extends UserEventType>(uids: string[], type: E, data: UserEventData<E>): Promise<void> {
    for (const uid of uids) {
      await this.d.hub
        .publish(TOPICS.user(uid), type, data)
        .catch((err: unknown) => this.d.log.error({ err, uid, type }, 'messenger event not published'));
    }
  }
}
