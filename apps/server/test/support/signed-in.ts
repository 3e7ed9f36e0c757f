import crypto from 'node:crypto';
import { Sessions } from '../../src/modules/accounts/sessions.ts';
import { SessionStore } from '../../src/modules/accounts/sessions.store.ts';
import { AccountStore } from '../../src/modules/accounts/store.ts';
import type { UserEventPublisher } from '../../src/modules/accounts/events.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { Db } from '../../src/platform/db/database.ts';

/** A fresh account has no page open: nobody to tell of a session it starts. */
const silent = { sessionEnded: async () => {}, sessionReplaced: async () => {} } as unknown as UserEventPublisher;

export interface AccountRows {
  username: string;
  email: string;
  /** Whether the mailed link was followed. */
  verified: boolean;
  /** A hash made once for many accounts (argon2 at production cost is what makes a sign-up slow). */
  passwordHash: string | null;
}

export interface SignedInAccount {
  uid: string;
  /** The session token, the value of the session cookie. */
  session: string;
}

/**
 * The rows a sign-up leaves (and, when `verified`, the mailed link), made with the server's own
 * stores and signed in once as a login signs in: for runs that need many people and test
 * something else than signing up (the journeys' pool, scale-out tests). The sign-up itself keeps
 * its tests through the API and the form.
 */
export async function signedInAccount(db: Db, clock: Clock, rows: AccountRows): Promise<SignedInAccount> {
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
  if (typeof user === 'string') throw new Error(`${rows.username} not made: its ${user} is taken`);
  const sessions = new Sessions(new SessionStore(db), clock, silent);
  const { token } = await sessions.start(user.id, { ip: '127.0.0.1', userAgent: 'test seed' }, undefined);
  return { uid: user.id, session: token };
}
