import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { directMessages, friendships } from './schema.ts';

export type MessageRow = typeof directMessages.$inferSelect;

/** Messages of the pair (me, them) that `me` has not hidden with Delete Chat. */
const visibleBetween = (me: string, them: string) =>
  or(
    and(eq(directMessages.sender, me), eq(directMessages.receiver, them), eq(directMessages.hiddenForSender, false)),
    and(eq(directMessages.sender, them), eq(directMessages.receiver, me), eq(directMessages.hiddenForReceiver, false)),
  );

const counterpart = (me: string) =>
  sql<string>`(CASE WHEN ${directMessages.sender} = ${me} THEN ${directMessages.receiver} ELSE ${directMessages.sender} END)`;

export interface ConversationRow {
  message: MessageRow;
  friend: { uid: string; username: string; avatarVersion: number };
}

export class MessageStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(m: { sender: string; receiver: string; content: string; timeSent: Date }): Promise<MessageRow> {
    const [row] = await this.db.insert(directMessages).values(m).returning();
    return row!;
  }

  async find(id: bigint): Promise<MessageRow | null> {
    const [row] = await this.db.select().from(directMessages).where(eq(directMessages.id, id));
    return row ?? null;
  }

  /**
   * One page of the pair's conversation, newest first: the `limit` messages before `before`
   * (by timeSent, then id, the order every client sorts by).
   */
  async page(me: string, them: string, limit: number, before: MessageRow | null): Promise<MessageRow[]> {
    const older = before
      ? sql`(${directMessages.timeSent}, ${directMessages.id}) < (${before.timeSent.toISOString()}::timestamptz, ${before.id})`
      : undefined;
    return this.db
      .select()
      .from(directMessages)
      .where(and(visibleBetween(me, them), older))
      .orderBy(desc(directMessages.timeSent), desc(directMessages.id))
      .limit(limit);
  }

  /**
   * The last visible message per counterpart who is still a friend (DISTINCT ON the
   * counterpart, newest first within it), with that friend's name. The caller sorts the
   * conversations by their last message.
   */
  async lastPerFriend(me: string): Promise<ConversationRow[]> {
    const other = counterpart(me);
    // The pair as an unordered key, free of parameters: DISTINCT ON must repeat the ORDER BY's
    // leading expressions exactly, and each bound `me` would be a different placeholder.
    const lo = sql`LEAST(${directMessages.sender}, ${directMessages.receiver})`;
    const hi = sql`GREATEST(${directMessages.sender}, ${directMessages.receiver})`;
    const last = this.db
      .selectDistinctOn([lo, hi], { id: directMessages.id })
      .from(directMessages)
      .where(
        or(
          and(eq(directMessages.sender, me), eq(directMessages.hiddenForSender, false)),
          and(eq(directMessages.receiver, me), eq(directMessages.hiddenForReceiver, false)),
        ),
      )
      .orderBy(lo, hi, desc(directMessages.timeSent), desc(directMessages.id));
    const friendOf = sql`(CASE WHEN ${friendships.userA} = ${me} THEN ${friendships.userB} ELSE ${friendships.userA} END)`;
    const rows = await this.db
      .select({ message: directMessages, uid: users.id, username: users.username, avatarVersion: users.avatarVersion })
      .from(directMessages)
      .innerJoin(users, eq(users.id, other))
      .innerJoin(
        friendships,
        and(
          or(eq(friendships.userA, me), eq(friendships.userB, me)),
          eq(friendOf, users.id),
          eq(friendships.status, 'friends'),
        ),
      )
      .where(inArray(directMessages.id, last));
    return rows.map((r) => ({
      message: r.message,
      friend: { uid: r.uid, username: r.username, avatarVersion: r.avatarVersion },
    }));
  }

  /** Unread visible messages to `me`, per sender. */
  async unreadBySender(me: string): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ sender: directMessages.sender, n: sql<number>`count(*)::int` })
      .from(directMessages)
      .where(
        and(
          eq(directMessages.receiver, me),
          eq(directMessages.read, false),
          eq(directMessages.hiddenForReceiver, false),
        ),
      )
      .groupBy(directMessages.sender);
    return new Map(rows.map((r) => [r.sender, Number(r.n)]));
  }

  /** Marks every message from `sender` to `reader` up to `upTo` (timeSent, id order) read. */
  async markRead(reader: string, sender: string, upTo: MessageRow): Promise<number> {
    const rows = await this.db
      .update(directMessages)
      .set({ read: true })
      .where(
        and(
          eq(directMessages.sender, sender),
          eq(directMessages.receiver, reader),
          eq(directMessages.read, false),
          sql`(${directMessages.timeSent}, ${directMessages.id}) <= (${upTo.timeSent.toISOString()}::timestamptz, ${upTo.id})`,
        ),
      )
      .returning({ id: directMessages.id });
    return rows.length;
  }

  /** Delete Chat: hides the pair's messages so far for `me` only. */
  async hideFor(me: string, them: string): Promise<void> {
    await this.db
      .update(directMessages)
      .set({ hiddenForSender: true })
      .where(and(eq(directMessages.sender, me), eq(directMessages.receiver, them)));
    await this.db
      .update(directMessages)
      .set({ hiddenForReceiver: true })
      .where(and(eq(directMessages.sender, them), eq(directMessages.receiver, me)));
  }
}
