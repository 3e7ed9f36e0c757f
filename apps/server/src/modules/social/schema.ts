import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * One row per pair of users (SPEC 3 Friend entry), `userA < userB` by id so a pair has exactly
 * one row: status none (removed or never), invited (by `inviter`), or friends.
 */
export const friendships = pgTable(
  'friendships',
  {
    userA: text('user_a')
      .notNull()
      .references(() => users.id),
    userB: text('user_b')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['none', 'invited', 'friends'] }).notNull(),
    inviter: text('inviter'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userA, t.userB] }),
    index('friendships_user_b_idx').on(t.userB),
    check('friendships_ordered_pair', sql`${t.userA} < ${t.userB}`),
  ],
);

/** SPEC 3 Chat message: id, sender, receiver, content, timeSent, read. */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    sender: text('sender')
      .notNull()
      .references(() => users.id),
    receiver: text('receiver')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    timeSent: ts('time_sent').notNull(),
    read: boolean('read').notNull().default(false),
    /** Delete Chat hides the conversation for this side only. */
    hiddenForSender: boolean('hidden_for_sender').notNull().default(false),
    hiddenForReceiver: boolean('hidden_for_receiver').notNull().default(false),
  },
  (t) => [
    index('direct_messages_pair_idx').on(t.sender, t.receiver, t.id),
    index('direct_messages_receiver_idx').on(t.receiver, t.id),
  ],
);
