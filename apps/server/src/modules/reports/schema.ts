import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BUG_REPORT_STATUSES } from '@rush/domain';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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
