import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOBBY_STATUSES, type BattleSettings } from '@rush/domain';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * The puzzle catalogue (SPEC 3 Puzzle), in the Lichess CSV's conventions: `moves` are UCI,
 * space separated, the opponent's setup move first. `rnd` is a random key written at import:
 * selection walks the (rating, rnd) index from a random point instead of `ORDER BY random()`.
 */
export const puzzles = pgTable(
  'puzzles',
  {
    id: text('id').primaryKey(),
    fen: text('fen').notNull(),
    moves: text('moves').notNull(),
    rating: integer('rating').notNull(),
    themes: text('themes').array().notNull(),
    rnd: doublePrecision('rnd').notNull(),
  },
  (t) => [index('puzzles_rating_rnd_idx').on(t.rating, t.rnd), index('puzzles_themes_idx').using('gin', t.themes)],
);

/** A catalogue import (one row per source file): resumable from `rowsDone`, idempotent by puzzle id. */
export const puzzleImports = pgTable('puzzle_imports', {
  source: text('source').primaryKey(),
  rowsDone: bigint('rows_done', { mode: 'number' })
    .notNull()
    .default(sql`0`),
  rowsTotal: bigint('rows_total', { mode: 'number' }),
  completed: boolean('completed').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A user's puzzle rating (Glicko-2, 1500 by default), moved by casual results. */
export const puzzleRatings = pgTable('puzzle_ratings', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.id),
  rating: doublePrecision('rating').notNull(),
  rd: doublePrecision('rd').notNull(),
  vol: doublePrecision('vol').notNull(),
  games: integer('games').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One user's try at one puzzle in one game (casual, a solo run or a battle). `nextPly` is the
 * user's next move's index into the puzzle's moves (1, 3, 5...); a resend of a judged ply gets
 * the stored verdict. Recent attempts are what "no recent repeats" excludes.
 */
export const puzzleAttempts = pgTable(
  'puzzle_attempts',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    context: text('context', { enum: ['casual', 'solo', 'battle'] }).notNull(),
    /** The solo run or lobby id; null for casual. */
    contextId: text('context_id'),
    /** Position in the run's or lobby's sequence (0 for casual). */
    seq: integer('seq').notNull().default(0),
    nextPly: integer('next_ply').notNull().default(1),
    status: text('status', { enum: ['open', 'solved', 'failed', 'skipped'] })
      .notNull()
      .default('open'),
    /** The last judged move: a resend of it answers the same. */
    lastPly: integer('last_ply'),
    lastUci: text('last_uci'),
    lastVerdict: text('last_verdict', { enum: ['correct', 'wrong'] }),
    solutionShown: boolean('solution_shown').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('puzzle_attempts_uid_created_idx').on(t.uid, t.createdAt),
    uniqueIndex('puzzle_attempts_context_seq_key')
      .on(t.uid, t.contextId, t.seq)
      .where(sql`${t.contextId} is not null`),
  ],
);

/** Solo Puzzle Rush runs: 180 s from the first correct move; one open run per user. */
export const soloRuns = pgTable(
  'solo_runs',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['ready', 'running', 'finished'] }).notNull(),
    difficulty: text('difficulty').notNull(),
    theme: text('theme').notNull(),
    /** Index of the current puzzle in the run's sequence. */
    current: integer('current').notNull().default(0),
    puzzlesCompleted: integer('puzzles_completed').notNull().default(0),
    strikes: integer('strikes').notNull().default(0),
    skips: integer('skips').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    largestStreak: integer('largest_streak').notNull().default(0),
    score: integer('score').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    endsAt: ts('ends_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('solo_runs_open_uid_key')
      .on(t.uid)
      .where(sql`${t.status} <> 'finished'`),
    index('solo_runs_ends_at_idx').on(t.endsAt),
  ],
);

/** Best solo score per user. */
export const soloBest = pgTable('solo_best', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.id),
  score: integer('score').notNull(),
  runId: text('run_id').notNull(),
  at: ts('at').notNull(),
});

/**
 * SPEC 3 Puzzle lobby (battle). `autoStartAt` (createdAt + 90 s) and `endsAt` are deadlines any
 * instance sweeps; `version` increases with every change (the topic's snapshot order).
 */
export const puzzleLobbies = pgTable(
  'puzzle_lobbies',
  {
    id: text('id').primaryKey(),
    ownerUid: text('owner_uid')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: LOBBY_STATUSES }).notNull(),
    settings: jsonb('settings').$type<BattleSettings>().notNull(),
    /** Private lobbies' join code (shown to the owner only). */
    code: text('code'),
    eloMin: integer('elo_min').notNull(),
    eloMax: integer('elo_max').notNull(),
    createdAt: ts('created_at').notNull(),
    autoStartAt: ts('auto_start_at'),
    startedAt: ts('started_at'),
    endsAt: ts('ends_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
    /** Results by uid once finished: points, place, reward (minor units as a string), currency. */
    results:
      jsonb('results').$type<Record<string, { points: number; place: number; reward: string; currency: string }>>(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('puzzle_lobbies_status_idx').on(t.status),
    index('puzzle_lobbies_auto_start_idx').on(t.autoStartAt),
    index('puzzle_lobbies_ends_at_idx').on(t.endsAt),
    uniqueIndex('puzzle_lobbies_code_key').on(t.code),
  ],
);

/** A lobby's participants and their live stats (SPEC 3 participants by uid). */
export const lobbyParticipants = pgTable(
  'lobby_participants',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => puzzleLobbies.id),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    elo: integer('elo').notNull(),
    joinedAt: ts('joined_at').notNull(),
    /** Left before the start, forfeited or kicked: no longer in the lobby. */
    leftAt: ts('left_at'),
    leftHow: text('left_how', { enum: ['left', 'forfeit', 'kicked'] }),
    /** Index of the player's current puzzle in the lobby's sequence. */
    current: integer('current').notNull().default(0),
    puzzlesCompleted: integer('puzzles_completed').notNull().default(0),
    strikes: integer('strikes').notNull().default(0),
    skips: integer('skips').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    largestStreak: integer('largest_streak').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.uid] }), index('lobby_participants_uid_idx').on(t.uid)],
);

/** The server-issued ordered puzzle sequence every player of a lobby gets (SPEC 3 puzzleQueue). */
export const lobbyPuzzles = pgTable(
  'lobby_puzzles',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => puzzleLobbies.id),
    seq: integer('seq').notNull(),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);

/** Lobby chat (SPEC 5: max 140, trimmed, empty not sent). */
export const lobbyChat = pgTable(
  'lobby_chat',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => puzzleLobbies.id),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [index('lobby_chat_lobby_idx').on(t.lobbyId, t.id)],
);
