import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BUG_REPORT_STATUSES } from '@rush/domain';
import { users } from '../accounts/schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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

/** SPEC 3 User report: uid (reported), text, time, url; by whom. */
export const playerReports = pgTable(
  'player_reports',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    reporter: text('reporter')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    url: text('url'),
    /** The game the report is about (issue 10); null only on reports from before games were required. */
    gameId: text('game_id'),
    time: ts('time').notNull(),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    index('player_reports_uid_idx').on(t.uid),
    // One report per reporter and game, whatever races.
    uniqueIndex('player_reports_reporter_game_idx').on(t.reporter, t.gameId),
  ],
);

/** SPEC 3 Bug report: uid or anonymous, title, platform, description, images, archived, created. */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid').references(() => users.id),
    title: text('title').notNull(),
    platform: text('platform').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: BUG_REPORT_STATUSES }).notNull().default('active'),
    created: ts('created').notNull(),
  },
  (t) => [index('bug_reports_created_idx').on(t.created)],
);

/** Up to 3 images per bug report, checked by content (JPEG or PNG). */
export const bugReportImages = pgTable(
  'bug_report_images',
  {
    reportId: bigint('report_id', { mode: 'bigint' })
      .notNull()
      .references(() => bugReports.id),
    position: integer('position').notNull(),
    mime: text('mime', { enum: ['image/jpeg', 'image/png'] }).notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.position] })],
);
