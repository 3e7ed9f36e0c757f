import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MatchResultView } from '@rush/protocol';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/** SPEC 3 game modes as data (seeded from the domain defaults; admins change them). */
export const gameModes = pgTable('game_modes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'inactive'] }).notNull(),
  order: integer('sort_order').notNull(),
  value: text('value').notNull(),
});

/** SPEC 3 wagers per currency (value in whole units). */
export const gameWagers = pgTable(
  'game_wagers',
  {
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
    status: text('status', { enum: ['active', 'inactive'] }).notNull(),
    provisionalStatus: boolean('provisional_status').notNull(),
    minRequirement: integer('min_requirement').notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.key] })],
);

/** The one row of app state (id 1): paused new games and the announcement. */
export const appState = pgTable('app_state', {
  id: integer('id').primaryKey(),
  paused: boolean('paused').notNull(),
  announcement: jsonb('announcement')
    .$type<{ show: boolean; title: string; text: string; returnTime: string | null }>()
    .notNull(),
});

export const MATCH_RECORD_STATES = [
  'searching',
  'matched',
  'starting',
  'playing',
  'finished',
  'notFound',
  'declined',
  'error',
] as const;

/**
 * One user's matchmaking record (SPEC 3). A user has at most one that is not `cleared` (the
 * partial unique index); cleared ones stay as history (the wager ladder counts finished ones).
 * Two records paired share `match_id`, whose escrow is `match:{match_id}` and whose game has
 * source `match:{match_id}`. Deadlines are columns, swept by any instance.
 */
export const matchRecords = pgTable(
  'matchmaking_records',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: MATCH_RECORD_STATES }).notNull(),
    cleared: boolean('cleared').notNull().default(false),
    mode: text('mode').notNull(),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    value: integer('value').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The seeker's rating in the mode's family when the search started (pairing closeness). */
    rating: integer('rating').notNull(),
    startedAt: ts('started_at').notNull(),
    searchDeadline: ts('search_deadline'),
    matchId: text('match_id'),
    opponentUid: text('opponent_uid'),
    accepted: boolean('accepted').notNull().default(false),
    acceptDeadline: ts('accept_deadline'),
    declinedBy: text('declined_by', { enum: ['me', 'opponent'] }),
    gameId: text('game_id'),
    message: text('message'),
    result: jsonb('result').$type<MatchResultView>(),
    challengeId: text('challenge_id'),
    rematchOffered: boolean('rematch_offered').notNull().default(false),
    /** A giveaway (SPEC 3 isGiveawayMode): the content creator who alone funds the prize. */
    giveawayBy: text('giveaway_by'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('matchmaking_one_per_user')
      .on(t.uid)
      .where(sql`${t.cleared} = false`),
    // Open searches only: a cancelled one keeps its state as history but leaves the index.
    index('matchmaking_bucket_idx')
      .on(t.mode, t.currency, t.value)
      .where(sql`${t.state} = 'searching' and ${t.cleared} = false`),
    index('matchmaking_match_idx').on(t.matchId),
    index('matchmaking_open_idx')
      .on(t.state)
      .where(sql`${t.state} in ('searching', 'matched', 'starting', 'playing')`),
  ],
);

/** SPEC 9: a user's last seek/cancel/join (calls within 3 s are ignored). */
export const matchCalls = pgTable('matchmaking_calls', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  at: ts('at').notNull(),
});

/** A direct challenge (SPEC 3 Challenge). */
export const challenges = pgTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    fromUid: text('from_uid')
      .notNull()
      .references(() => users.id),
    toUid: text('to_uid')
      .notNull()
      .references(() => users.id),
    mode: text('mode').notNull(),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    value: integer('value').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] }).notNull(),
    /** SPEC 4: a content creator's giveaway; the challenger (`from_uid`) funds the prize alone. */
    giveaway: boolean('giveaway').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('challenges_to_idx')
      .on(t.toUid)
      .where(sql`${t.status} = 'pending'`),
    index('challenges_from_idx')
      .on(t.fromUid)
      .where(sql`${t.status} = 'pending'`),
    index('challenges_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
