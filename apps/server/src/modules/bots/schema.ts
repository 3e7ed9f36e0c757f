import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { games } from '../play/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * The system users that play the bot side, one per level (created by migration 0017: no
 * password, sign-in disabled). Reading this table is how the leaderboard leaves them out.
 */
export const botAccounts = pgTable('bot_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  level: text('level', { enum: ['low', 'mid', 'high'] })
    .notNull()
    .unique(),
});

/**
 * One bot game: who plays which bot at what stake, its escrow `bot:{id}` and its game. The
 * lease (`lease_ply`, `lease_until`) is the claim of one instance on the bot's move at that ply:
 * taken by a conditional update, so exactly one instance asks the engine, and free again when
 * it expires (a crash), for the sweep of any instance to take.
 */
export const botGames = pgTable(
  'bot_games',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    botId: text('bot_id')
      .notNull()
      .references(() => users.id),
    level: text('level', { enum: ['low', 'mid', 'high'] }).notNull(),
    /** Null until the game is created (a start that died before it is refunded by the sweep). */
    gameId: text('game_id').references(() => games.id),
    /** The player's stake and the house's share (stake x multiplier), RushCoin minor units. */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    houseStake: bigint('house_stake', { mode: 'bigint' }).notNull(),
    /** starting -> playing -> settled, or starting -> failed. */
    state: text('state', { enum: ['starting', 'playing', 'settled', 'failed'] }).notNull(),
    leasePly: integer('lease_ply'),
    leaseUntil: ts('lease_until'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('bot_games_game_key').on(t.gameId),
    index('bot_games_user_idx').on(t.userId, t.createdAt),
    // The sweep's scan: bot games not yet settled.
    index('bot_games_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('starting', 'playing')`),
  ],
);

export type BotGameRow = typeof botGames.$inferSelect;
