import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RealityCheckInterval } from '@rush/domain';
import { ts } from '../../platform/db/columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export interface StoredSettings {
  showDollar: boolean;
  showWbx: boolean;
  hideLichessUsername: boolean;
  /** Issue 19: no game sounds for this user, on every device (migration 0028 gave everyone false). */
  soundMuted: boolean;
  /** Issue 37: minutes between reality checks, 0 = off (new accounts and, by migration, older ones: 60). */
  realityCheckMinutes: RealityCheckInterval;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    usernameLower: text('username_lower').notNull(),
    email: text('email').notNull(),
    emailLower: text('email_lower').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    verifiedLevel: text('verified_level').notNull().default('notVerified'),
    /** In-app ban (SPEC 4, 6): signed in, under restrictions. */
    banned: boolean('banned').notNull().default(false),
    /** Why and when the current ban was issued (SPEC 3 Banned user: username, reason, time). */
    banReason: text('ban_reason'),
    bannedAt: ts('banned_at'),
    /** Sign-in disabled by an admin (SPEC 8): refused at login. */
    loginDisabled: boolean('login_disabled').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    usernameColor: text('username_color').notNull().default('username_color_000001'),
    avatar: bytea('avatar'),
    avatarVersion: integer('avatar_version').notNull().default(0),
    settings: jsonb('settings')
      .$type<StoredSettings>()
      .notNull()
      .default(
        sql`'{"showDollar":true,"showWbx":true,"hideLichessUsername":false,"soundMuted":false,"realityCheckMinutes":60}'::jsonb`,
      ),
    recoveryEmail: text('recovery_email'),
    googleSub: text('google_sub'),
    /** The app-scoped user id Facebook gives this account (issue 20): how a returning person is found. */
    facebookId: text('facebook_id'),
    chessUsername: text('chess_username'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(t.usernameLower),
    uniqueIndex('users_email_lower_key').on(t.emailLower),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_facebook_id_key').on(t.facebookId),
    // The admin dashboard's new users per day.
    index('users_created_at_idx').on(t.createdAt),
    // Forgot-password accepts the recovery email as well as the account email (SPEC 2, Security pane).
    index('users_recovery_email_lower_idx').on(sql`lower(${t.recoveryEmail})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a database leak does not leak usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_public_id_key').on(t.publicId), index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'recovery': the link that makes a new recovery address usable (its `email`).
    kind: text('kind', { enum: ['verify', 'reset', 'recovery'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.kind)],
);

/** Failed-login counters per key (account, account+IP, IP), shared by every instance. */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: ts('window_start').notNull(),
    lockedUntil: ts('locked_until'),
  },
  // The sweeper deletes counters whose window and lock are both over.
  (t) => [index('auth_throttle_window_idx').on(t.windowStart)],
);

/** OIDC login attempts in flight (state, nonce, PKCE verifier), short-lived. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    /** Which provider's callback may spend the state: a Google state is no good at Facebook's callback. */
    provider: text('provider').$type<'google' | 'facebook'>().notNull().default('google'),
    /** OIDC nonce and PKCE verifier (Google); Facebook's documented web flow has neither. */
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The sweeper deletes abandoned attempts by age.
  (t) => [index('oauth_states_created_idx').on(t.createdAt)],
);

/** SPEC 3 online status, keyed `u:{uid}` for users and `a:{hash}` for anonymous visitors. */
export const presence = pgTable(
  'presence',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['online', 'idle', 'offline'] }).notNull(),
    visible: boolean('visible').notNull().default(true),
    connections: integer('connections').notNull().default(0),
    activity: jsonb('activity'),
    lastChanged: ts('last_changed').notNull(),
  },
  (t) => [index('presence_last_changed_idx').on(t.lastChanged)],
);
