import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

const colorCol = (name: string) => text(name, { enum: ['white', 'black'] });

/**
 * One live or finished game. The row is the whole truth of a built-in game: the move list, the
 * clocks (`white_ms`/`black_ms` are the remaining times at `turn_started_at` for the side to
 * move), the pending offers and `deadline_at`, the instant at which the sweeper must act on the
 * game (the side to move flags, or a first move did not come). Every change bumps `version`,
 * which the events carry so clients can order them across restarts.
 */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    /** Which chess platform hosts the game (the port's adapters); only 'builtin' so far. */
    platform: text('platform', { enum: ['builtin', 'lichess'] })
      .notNull()
      .default('builtin'),
    externalId: text('external_id'),
    mode: text('mode').notNull(),
    rated: boolean('rated').notNull().default(true),
    whiteId: text('white_id')
      .notNull()
      .references(() => users.id),
    blackId: text('black_id')
      .notNull()
      .references(() => users.id),
    /** Ratings when the game started (shown on the board and in the PGN). */
    whiteRating: integer('white_rating').notNull(),
    blackRating: integer('black_rating').notNull(),
    whiteProvisional: boolean('white_provisional').notNull(),
    blackProvisional: boolean('black_provisional').notNull(),
    whiteRatingDiff: integer('white_rating_diff'),
    blackRatingDiff: integer('black_rating_diff'),
    status: text('status').notNull().default('started'),
    winner: colorCol('winner'),
    initialFen: text('initial_fen').notNull(),
    fen: text('fen').notNull(),
    moves: jsonb('moves')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    san: jsonb('san')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The FEN after each ply, the initial one first: a move loads the last one instead of
     * replaying the game (chess.js replays cost ~0.25 ms a ply), and threefold repetition is
     * counted on it. Empty on rows written before it existed (then the moves are replayed).
     */
    fens: jsonb('fens')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Fair play (issue 14): each ply's think time on the clock in ms (what the mover's clock
     * paid, lag credit off), null while the clocks did not run yet. Shorter than `moves` on rows
     * from before it existed (then unknown).
     */
    moveTimes: jsonb('move_times')
      .$type<(number | null)[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ply: integer('ply').notNull().default(0),
    initialMs: integer('initial_ms').notNull(),
    incrementMs: integer('increment_ms').notNull(),
    whiteMs: integer('white_ms').notNull(),
    blackMs: integer('black_ms').notNull(),
    turnStartedAt: ts('turn_started_at'),
    deadlineAt: ts('deadline_at'),
    version: integer('version').notNull().default(1),
    drawOffer: colorCol('draw_offer'),
    takebackOffer: colorCol('takeback_offer'),
    rematchOffer: colorCol('rematch_offer'),
    rematchGameId: text('rematch_game_id'),
    /** The player whose sockets all closed, and when the opponent may claim victory. */
    disconnectColor: colorCol('disconnect_color'),
    disconnectGraceEndsAt: ts('disconnect_grace_ends_at'),
    /** Set by matchmaking for wagered games (minor units); settlement goes through the wallet. */
    stakeCurrency: text('stake_currency', { enum: ['usd', 'wbx'] }),
    stakeAmount: integer('stake_amount'),
    /** Both shares of a wagered game (a bot game: the stake and the house's share); null before 0018 (then twice the stake). */
    stakePot: integer('stake_pot'),
    /**
     * Fair play (issue 14): `held` while the flagged winner's payout waits in escrow for an
     * admin; `cleared` (paid) or `confirmed` (cheating) after the review; null when never held.
     */
    review: text('review', { enum: ['held', 'cleared', 'confirmed'] }),
    /** The side a chess engine plays (a bot game); null between people. */
    engineColor: colorCol('engine_color'),
    /** Where the game came from: an invitation id, a rematch of a game, a matchmaking record. */
    source: text('source'),
    createdAt: ts('created_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('games_white_idx').on(t.whiteId, t.endedAt),
    // The admin dashboard's games per day.
    index('games_created_at_idx').on(t.createdAt),
    index('games_black_idx').on(t.blackId, t.endedAt),
    // The sweeper's scan: only live games with a deadline.
    index('games_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'started'`),
    check('games_players_differ', sql`${t.whiteId} <> ${t.blackId}`),
    check('games_ply_matches', sql`jsonb_array_length(${t.moves}) = ${t.ply}`),
    check('games_clocks_non_negative', sql`${t.whiteMs} >= 0 and ${t.blackMs} >= 0`),
  ],
);

/** One live game per person: the primary key refuses a second one, whatever races. */
export const livePlayers = pgTable('play_live_players', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gameId: text('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' }),
});

/** Player chat ('player', players only) and spectator chat ('spectator'). */
export const gameChat = pgTable(
  'game_chat',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    room: text('room', { enum: ['player', 'spectator'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [
    index('game_chat_game_idx').on(t.gameId, t.room, t.id),
    index('game_chat_user_idx').on(t.gameId, t.room, t.userId, t.id),
  ],
);

/**
 * The built-in chess profile: created once by "link chess account" and never changed
 * (SPEC 1: one link per person for life). `users.chess_username` mirrors the name for `Me`.
 */
export const chessProfiles = pgTable('chess_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: ['builtin', 'lichess'] })
    .notNull()
    .default('builtin'),
  username: text('username').notNull(),
  linkedAt: ts('linked_at').notNull(),
});

/** Glicko-2 ratings per user and family; a missing row is the default 1500/350/0.06. */
export const chessRatings = pgTable(
  'chess_ratings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family', { enum: ['blitz', 'rapid'] }).notNull(),
    rating: doublePrecision('rating').notNull(),
    rd: doublePrecision('rd').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.family] })],
);

/**
 * Issue 19: the rating each player had after each rated game (shown, rounded), written in the
 * game's finishing transaction beside the new `chess_ratings` row, so a player's rating over time
 * is one indexed range read. `games` keeps only the rating at the start and the change; this
 * table is the history of the rating row itself (migration 0027 filled it from the games before).
 */
export const ratingHistory = pgTable(
  'rating_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    family: text('family', { enum: ['blitz', 'rapid'] }).notNull(),
    rating: integer('rating').notNull(),
    /** When the game ended. */
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('rating_history_user_at_idx').on(t.userId, t.at)],
);

/** Direct friendly-game invitations (until matchmaking exists). */
export const gameInvitations = pgTable(
  'game_invitations',
  {
    id: text('id').primaryKey(),
    fromId: text('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: text('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    gameId: text('game_id'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('game_invitations_to_idx').on(t.toId, t.status),
    index('game_invitations_from_idx').on(t.fromId, t.status),
  ],
);

/** Spectator heartbeats, one row per watching socket; counted while fresh. */
export const gameSpectators = pgTable(
  'game_spectators',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    connId: text('conn_id').notNull(),
    /** A user id, or `v:{visitorKey}` for visitors: one person with two tabs counts once. */
    viewerKey: text('viewer_key').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.connId] }),
    index('game_spectators_seen_idx').on(t.seenAt),
    index('game_spectators_conn_idx').on(t.connId),
  ],
);

/**
 * Open sockets of signed-in users, on every instance, so "is this player connected" has one
 * answer across instances. The owning instance refreshes `seen_at`; rows of a crashed instance
 * go stale and stop counting.
 */
export const playSockets = pgTable(
  'play_sockets',
  {
    connId: text('conn_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [index('play_sockets_user_idx').on(t.userId, t.seenAt)],
);

/** The liveness beat of the play servers: the downtime policy measures gaps from it. */
export const playHeartbeat = pgTable('play_heartbeat', {
  id: text('id').primaryKey(),
  beatAt: ts('beat_at').notNull(),
});
