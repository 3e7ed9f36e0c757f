import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStateStore } from '../../src/modules/accounts/oauth.store.ts';
import { PresenceStore } from '../../src/modules/accounts/presence.store.ts';
import { authThrottle, emailTokens, oauthStates, presence, sessions } from '../../src/modules/accounts/schema.ts';
import { SessionStore } from '../../src/modules/accounts/sessions.store.ts';
import { AccountStore } from '../../src/modules/accounts/store.ts';
import { Sweeper } from '../../src/modules/accounts/sweeper.ts';
import { ThrottleStore } from '../../src/modules/accounts/throttle.store.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { registerUser } from './support.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(DB_KINDS)('housekeeping sweep (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  it('deletes only rows nobody can use any more', async () => {
    const db = server.ctx.db;
    const u = await registerUser(server);
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = (ms: number) => new Date(now.getTime() + ms);
    await db.insert(sessions).values([
      { tokenHash: 'dead', publicId: 'p-dead', userId: u.uid, expiresAt: ago(1) },
      { tokenHash: 'live', publicId: 'p-live', userId: u.uid, expiresAt: ahead(DAY) },
    ]);
    await db.insert(authThrottle).values([
      { key: 'old', failures: 3, windowStart: ago(2 * DAY), lockedUntil: null },
      { key: 'old-but-locked', failures: 9, windowStart: ago(2 * DAY), lockedUntil: ahead(MINUTE) },
      { key: 'recent', failures: 1, windowStart: ago(MINUTE), lockedUntil: null },
    ]);
    await db.insert(oauthStates).values([
      { state: 'abandoned', nonce: 'n', codeVerifier: 'v', createdAt: ago(11 * MINUTE) },
      { state: 'in-flight', nonce: 'n', codeVerifier: 'v', createdAt: ago(MINUTE) },
    ]);
    await db.insert(emailTokens).values([
      {
        tokenHash: 't-old',
        userId: u.uid,
        kind: 'reset',
        email: u.email,
        expiresAt: ago(2 * DAY),
        createdAt: ago(3 * DAY),
      },
      { tokenHash: 't-live', userId: u.uid, kind: 'reset', email: u.email, expiresAt: ahead(DAY), createdAt: now },
    ]);
    await db.insert(presence).values([
      { key: 'a:gone', state: 'offline', connections: 0, lastChanged: ago(2 * DAY) },
      { key: 'a:recent', state: 'online', connections: 1, lastChanged: ago(MINUTE) },
      { key: `u:${u.uid}`, userId: u.uid, state: 'offline', connections: 0, lastChanged: ago(2 * DAY) },
    ]);

    const sweeper = new Sweeper(
      {
        accounts: new AccountStore(db),
        sessions: new SessionStore(db),
        throttle: new ThrottleStore(db),
        states: new OAuthStateStore(db),
        presence: new PresenceStore(db),
      },
      clock,
    );
    await sweeper.sweep();

    const keys = async <T>(rows: Promise<T[]>, pick: (r: T) => string) => (await rows).map(pick).sort();
    const sessionIds = await keys(db.select().from(sessions), (r) => r.publicId);
    expect(sessionIds).toContain('p-live');
    expect(sessionIds).not.toContain('p-dead');
    // Only this test's counters (the sign-in of `registerUser` leaves its own, recent ones).
    const throttleKeys = (await keys(db.select().from(authThrottle), (r) => r.key)).filter(
      (k) => !k.startsWith('login:'),
    );
    expect(throttleKeys).toEqual(['old-but-locked', 'recent']);
    expect(await keys(db.select().from(oauthStates), (r) => r.state)).toEqual(['in-flight']);
    const tokens = await keys(db.select().from(emailTokens), (r) => r.tokenHash);
    expect(tokens).toContain('t-live');
    expect(tokens).not.toContain('t-old');
    // Anonymous rows go; a user's row stays (it is their online status).
    expect(await keys(db.select().from(presence), (r) => r.key)).toEqual(['a:recent', `u:${u.uid}`].sort());
  });
});
