import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { games } from '../play/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * The Lichess account linked to a RushChess account (issue 15, SPEC 1 and 15: one per person,
 * for life, both ways): the user id is the key and the Lichess id is unique, and rows are never
 * deleted (a user row is closed, not deleted, so no cascade). The access token is stored
 * encrypted (token-crypto.ts, bound to the user id); `token_revoked_at` is set
 * when Lichess answered 401 with it, and cleared when the same account authorises again. The
 * ratings are those read from /api/account at the link (and each refresh), for eligibility.
 */
export const lichessAccounts = pgTable('lichess_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Lichess's user id: the username in lower case. */
  lichessId: text('lichess_id').notNull().unique('lichess_accounts_lichess_id_key'),
  username: text('username').notNull(),
  tokenEnc: text('token_enc').notNull(),
  tokenRevokedAt: ts('token_revoked_at'),
  blitzRating: integer('blitz_rating'),
  blitzRd: integer('blitz_rd'),
  blitzGames: integer('blitz_games'),
  blitzProvisional: boolean('blitz_provisional'),
  rapidRating: integer('rapid_rating'),
  rapidRd: integer('rapid_rd'),
  rapidGames: integer('rapid_games'),
  rapidProvisional: boolean('rapid_provisional'),
  linkedAt: ts('linked_at').notNull(),
  refreshedAt: ts('refreshed_at').notNull(),
});

/**
 * One started Lichess authorisation (OAuth PKCE): the state sent to Lichess and the verifier
 * kept here (encrypted like tokens), bound to the user who started it, short-lived and used
 * once (the callback deletes it).
 */
export const lichessLinkRequests = pgTable(
  'lichess_link_requests',
  {
    state: text('state').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verifierEnc: text('verifier_enc').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('lichess_link_requests_user_idx').on(t.userId),
    index('lichess_link_requests_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Who follows a live Lichess game's Board API streams: one instance at a time holds a lease,
 * renews it while its streams are open, and gives it up at the end. A lease that lapses (the
 * instance died or restarted) is taken by any instance's next sweep, which re-opens the streams:
 * their first line is a full game, so nothing is lost or applied twice (follower.ts).
 */
export const lichessFollows = pgTable(
  'lichess_follows',
  {
    gameId: text('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    leaseUntil: ts('lease_until').notNull(),
  },
  (t) => [index('lichess_follows_lease_idx').on(t.leaseUntil)],
);
