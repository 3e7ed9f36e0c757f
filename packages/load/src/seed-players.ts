import crypto from 'node:crypto';
import { SESSION_COOKIE, seededAccount } from '../../../apps/server/src/modules/accounts/index.ts';
import type { Clock } from '../../../apps/server/src/platform/clock.ts';
import type { Db } from '../../../apps/server/src/platform/db/database.ts';

/** A signed-in player made without the sign-up form: what a bench client needs to act as one. */
export interface SeededPlayer {
  uid: string;
  username: string;
  /** The Cookie header of its session (and a CSRF pair for its HTTP changes). */
  cookie: string;
}

/**
 * Capacity runs need thousands of players, and the sign-up form hashes two passwords per player
 * (argon2 at production cost: about an hour of this machine for 10,000). These players are made
 * by the server's own stores instead: a verified account without a password and a real session,
 * started the way a login starts it. Benchmarks only.
 */
export async function seedPlayers(db: Db, clock: Clock, count: number): Promise<SeededPlayer[]> {
  const out: SeededPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const username = `s${crypto.randomBytes(4).toString('hex')}`;
    const { uid, session } = await seededAccount(db, clock, {
      username,
      email: `${username}@example.com`,
      verified: true,
      passwordHash: null,
      userAgent: 'bench',
    });
    const csrf = crypto.randomBytes(24).toString('base64url');
    out.push({ uid, username, cookie: `${SESSION_COOKIE}=${session}; csrf=${csrf}` });
  }
  return out;
}
