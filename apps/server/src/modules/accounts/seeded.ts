import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserEventPublisher } from './events.ts';
import { Sessions } from './sessions.ts';
import { SessionStore } from './sessions.store.ts';
import { AccountStore } from './store.ts';

/** A fresh account has no page open: nobody to tell of a session it starts. */
const silent = { sessionEnded: async () => {}, sessionReplaced: async () => {} } as unknown as UserEventPublisher;

export interface SeededAccountRows {
  username: string;
  email: string;
  /** Whether the mailed link was followed. */
  verified: boolean;
  /** A hash made once for many accounts (argon2 at production cost is what makes a sign-up slow), or none. */
  passwordHash: string | null;
  /** The session's user agent: who seeded it. */
  userAgent: string;
}

export interface SeededAccount {
  uid: string;
  /** The session token, the value of the session cookie (SESSION_COOKIE). */
  session: string;
}

/**
 * The rows a sign-up leaves (and, when `verified`, the mailed link), made with the module's own
 * stores and signed in once as a login signs in. For the runs that need many people and measure or
 * test something else than signing up: the benchmarks and the fault suite (@rush/load's
 * seedPlayers), the journeys' pool, the scale-out tests. No route reaches it.
 */
export async function seededAccount(db: Db, clock: Clock, rows: SeededAccountRows): Promise<SeededAccount> {
  const user = await new AccountStore(db).insertUser({
    id: crypto.randomUUID(),
    username: rows.username,
    email: rows.email,
    emailVerified: rows.verified,
    passwordHash: rows.passwordHash,
    dateOfBirth: '1990-06-15',
    googleSub: null,
    createdAt: clock.now(),
  });
  if (typeof user === 'string') throw new Error(`${rows.username} not seeded: its ${user} is taken`);
  const sessions = new Sessions(new SessionStore(db), clock, silent);
  const { token } = await sessions.start(user.id, { ip: '127.0.0.1', userAgent: rows.userAgent }, undefined);
  return { uid: user.id, session: token };
}
