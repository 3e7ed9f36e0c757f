import crypto from 'node:crypto';
import {
  AccountStore,
  SESSION_COOKIE,
  Sessions,
  SessionStore,
  type UserEventPublisher,
} from '../../../apps/server/src/modules/accounts/index.ts';
import type { Clock } from '../../../apps/server/src/platform/clock.ts';
import type { Db } from '../../../apps/server/src/platform/db/database.ts';

/** A signed-in player made without the sign-up form: what a bench client needs to act as one. */
export interface SeededPlayer {
  uid: string;
  username: string;
  /** The Cookie header of its session (and a CSRF pair for its HTTP changes). */
  cookie: string;
}

/** Nobody else is signed in as a fresh player: no page to tell about replaced sessions. */
const silent = { sessionEnded: async () => {}, sessionReplaced: async () => {} } as unknown as UserEventPublisher;

/**
 * Capacity runs need thousands of players, and the sign-up form hashes two passwords per player
 * (argon2 at production cost: about an hour of this machine for 10,000). These players are made
 * by the server's own stores instead: a verified account without a password and a real session,
 * started the way a login starts it. Benchmarks only.
 */
export async function seedPlayers(db: Db, clock: Clock, count: number): Promise<SeededPlayer[]> {
  const accounts = new AccountStore(db);
  const sessions = new Sessions(new SessionStore(db), clock, silent);
  const out: SeededPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const username = `s${crypto.randomBytes(4).toString('hex')}`;
    const user = await accounts.insertUser({
      id: crypto.randomUUID(),
      username,
      email: `${username}@example.com`,
      emailVerified: true,
      passwordHash: null,
      dateOfBirth: '1990-01-01',
      googleSub: null,
      createdAt: clock.now(),
    });
    if (typeof user === 'string') throw new Error(`seeded player not created: ${user} taken`);
    const { token } = await sessions.start(user.id, { ip: '127.0.0.1', userAgent: 'bench' }, undefined);
    const csrf = crypto.randomBytes(24).toString('base64url');
    out.push({ uid: user.id, username, cookie: `${SESSION_COOKIE}=${token}; csrf=${csrf}` });
  }
  return out;
}
