import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { GameVerdict, PlyAnalysis, SideFigures } from '@rush/domain';
import { users } from '../accounts/schema.ts';
import { games } from '../play/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * The analysis queue (issue 14) in PostgreSQL: one row per finished game to analyse. Any
 * instance's worker leases the best queued row (lowest `priority`, oldest) with a conditional
 * update under `FOR UPDATE SKIP LOCKED`; a lease that runs out (a crashed worker) makes the row
 * takeable again. `gate`: the game's payout waits for this analysis (a staked game with a winner
 * long enough for a verdict), so the worker decides hold or pay when it is done.
 */
export const fairplayJobs = pgTable(
  'fairplay_jobs',
  {
    gameId: text('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 0 staked games, 1 rated unstaked ones: lower runs first. */
    priority: integer('priority').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    gate: boolean('gate').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    /** Not taken before this (a retry waits a little). */
    runAfter: ts('run_after').notNull(),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('fairplay_jobs_pick_idx')
      .on(t.priority, t.createdAt)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/** A game's engine analysis: every ply (domain PlyAnalysis), each side's figures and verdict. */
export const fairplayAnalyses = pgTable('fairplay_analyses', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  depth: integer('depth').notNull(),
  plies: jsonb('plies').$type<PlyAnalysis[]>().notNull(),
  white: jsonb('white').$type<SideFigures>().notNull(),
  black: jsonb('black').$type<SideFigures>().notNull(),
  whiteVerdict: jsonb('white_verdict').$type<GameVerdict>().notNull(),
  blackVerdict: jsonb('black_verdict').$type<GameVerdict>().notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Per player and analysed game, the side's figures: the rolling pattern reads a player's last
 * ROLLING_GAMES money games from here (newest first).
 */
export const fairplayFigures = pgTable(
  'fairplay_figures',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    /** A game played for a stake (the rolling pattern counts only these). */
    money: boolean('money').notNull(),
    figures: jsonb('figures').$type<SideFigures>().notNull(),
    verdict: text('verdict', { enum: ['insufficient', 'clean', 'suspect'] }).notNull(),
    endedAt: ts('ended_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.color] }),
    index('fairplay_figures_uid_idx').on(t.uid, t.money, t.endedAt),
  ],
);

/**
 * A held payout: the flagged winner, the opponent, the escrow and why. The state is the game's
 * `review` column (held, cleared, confirmed), changed with the escrow's close in one transaction.
 */
export const fairplayHolds = pgTable(
  'fairplay_holds',
  {
    gameId: text('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    winnerUid: text('winner_uid')
      .notNull()
      .references(() => users.id),
    loserUid: text('loser_uid')
      .notNull()
      .references(() => users.id),
    escrowRef: text('escrow_ref').notNull(),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    heldAt: ts('held_at').notNull(),
    reviewedBy: text('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    /** The system flag raised for this game (deleted when an admin clears the game). */
    flagId: bigint('flag_id', { mode: 'bigint' }),
    /** The movement that closed the escrow after the review. */
    movementId: bigint('movement_id', { mode: 'bigint' }),
  },
  (t) => [index('fairplay_holds_held_at_idx').on(t.heldAt)],
);

/**
 * SPEC 3 Flagged user: uid to flags. `system` flags are raised by fair play (issue 14), `admin`
 * ones by hand; deleting a flag removes the row (the audit log keeps what it was).
 */
export const fairPlayFlags = pgTable(
  'fair_play_flags',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    source: text('source', { enum: ['system', 'admin'] }).notNull(),
    evidence: text('evidence').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id),
  },
  (t) => [index('fair_play_flags_uid_idx').on(t.uid, t.createdAt)],
);
