import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, TOPICS, UserEvents } from '@rush/protocol';
import { sessions } from '../../src/modules/accounts/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { createTestDatabase, DB_KINDS, TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { countSessions, login, PASSWORD, registerUser, setUserColumns, Socket } from './support.ts';

const DAY = 24 * 3600_000;

describe.each(DB_KINDS)('sessions (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual', env: UNLIMITED_FOR_TESTS });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const sessionRow = async (uid: string) =>
    (await server.ctx.db.select().from(sessions).where(eq(sessions.userId, uid)))[0];

  it('stores only a hash of the cookie token', async () => {
    const u = await registerUser(server);
    const row = await sessionRow(u.uid);
    const token = u.client.cookies.get('sid')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.publicId).not.toBe(token);
  });

  it('single session: a login elsewhere signs the first browser out', async () => {
    const u = await registerUser(server);
    const { client: b, res } = await login(server, u.username, PASSWORD);
    expect(res.status).toBe(200);
    const a = await u.client.get('/api/session');
    expect(a.body.user).toBeNull();
    expect((await b.get('/api/session')).body.user.uid).toBe(u.uid);
    expect(await countSessions(server, u.uid)).toBe(1);
  });

  it("single session: the first browser's socket gets session.replaced, then is closed with 4002", async () => {
    const u = await registerUser(server);
    const socketA = await Socket.open(server, u.client);
    await socketA.subscribe(TOPICS.user(u.uid));
    const { res } = await login(server, u.email, PASSWORD);
    const event = await socketA.next((m) => m.t === 'ev' && m.type === UserEvents.sessionReplaced);
    expect(event.topic).toBe(TOPICS.user(u.uid));
    expect(event.data).toEqual({ sessionId: res.body.user.sessionId });
    expect((await socketA.closed).code).toBe(CLOSE_CODES.sessionReplaced);
  });

  it('logout ends the session, clears the cookie, tells and closes its socket (4003)', async () => {
    const u = await registerUser(server);
    const me = (await u.client.get('/api/session')).body.user;
    const socket = await Socket.open(server, u.client);
    await socket.subscribe(TOPICS.user(u.uid));
    const res = await u.client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid=;'))).toBe(true);
    expect(u.client.cookies.has('sid')).toBe(false);
    const ended = await socket.next((m) => m.t === 'ev' && m.type === UserEvents.loggedOut);
    expect(ended.data).toEqual({ sessionId: me.sessionId });
    expect((await socket.closed).code).toBe(CLOSE_CODES.loggedOut);
    expect(await countSessions(server, u.uid)).toBe(0);
    // Logging out again is harmless.
    expect((await u.client.post('/api/auth/logout')).status).toBe(200);
  });

  it('a session expires 7 days after its last use; using it slides the expiry', async () => {
    const u = await registerUser(server);
    clock.advance(5 * DAY);
    expect((await u.client.get('/api/session')).body.user).not.toBeNull(); // slides to day 12
    clock.advance(5 * DAY);
    expect((await u.client.get('/api/session')).body.user).not.toBeNull(); // day 10 < 12, slides to 17
    clock.advance(7 * DAY + 1000);
    const gone = await u.client.get('/api/session');
    expect(gone.body.user).toBeNull();
    expect(await countSessions(server, u.uid)).toBe(0);
  });

  it('a session ends 30 days after its sign-in however active it is (absolute lifetime)', async () => {
    const u = await registerUser(server);
    const signedInAt = (await sessionRow(u.uid))!.createdAt.getTime();
    // Used every 6 days: the sliding expiry alone would keep it forever.
    for (let day = 6; day <= 24; day += 6) {
      clock.advance(6 * DAY);
      expect((await u.client.get('/api/session')).body.user, `day ${day}`).not.toBeNull();
    }
    // Day 29: the slide stops at the absolute end, not 7 days on.
    clock.advance(5 * DAY);
    expect((await u.client.get('/api/session')).body.user).not.toBeNull();
    expect((await sessionRow(u.uid))!.expiresAt.getTime()).toBe(signedInAt + 30 * DAY);
    clock.advance(DAY);
    const gone = await u.client.get('/api/session');
    expect(gone.body.user).toBeNull();
    // A fresh sign-in starts a fresh 30 days.
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(200);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const u = await registerUser(server);
    const seen0 = (await sessionRow(u.uid))!.lastSeenAt.getTime();
    clock.advance(30_000);
    await u.client.get('/api/session');
    expect((await sessionRow(u.uid))!.lastSeenAt.getTime()).toBe(seen0);
    clock.advance(31_000);
    const res = await u.client.get('/api/session');
    expect((await sessionRow(u.uid))!.lastSeenAt.getTime()).toBe(clock.now().getTime());
    // The cookie's Max-Age is renewed along with the expiry.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid=') && /Max-Age=604800/.test(c))).toBe(true);
  });

  it('an unknown or malformed sid cookie reads as signed out', async () => {
    for (const value of ['A'.repeat(43), 'garbage', '%00%ff']) {
      const client = new TestClient(server.baseUrl);
      client.cookies.set('sid', value);
      const res = await client.get('/api/session');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null });
    }
  });

  it("a request still carrying a replaced session's cookie does not clear the new one", async () => {
    // A background read sent before a login in the same browser answers after the login's
    // Set-Cookie; clearing the cookie in that answer signed the user out again.
    const u = await registerUser(server);
    const stale = u.client.cookies.get('sid')!;
    const { client: fresh } = await login(server, u.username, PASSWORD);
    const res = await fetch(`${server.baseUrl}/api/session`, { headers: { cookie: `sid=${stale}` } });
    expect(await res.json()).toEqual({ user: null });
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('sid='))).toEqual([]);
    expect((await fresh.get('/api/session')).body.user.uid).toBe(u.uid);
  });

  it('authenticates sockets from the cookie; anonymous otherwise', async () => {
    const u = await registerUser(server);
    const signedIn = await Socket.open(server, u.client);
    expect(signedIn.messages[0]).toMatchObject({ t: 'hello', authenticated: true });
    const anon = await Socket.open(server);
    expect(anon.messages[0]).toMatchObject({ t: 'hello', authenticated: false });
    const forged = await Socket.open(server, undefined, { cookie: 'sid=' + 'B'.repeat(43) + '; other=1' });
    expect(forged.messages[0]).toMatchObject({ t: 'hello', authenticated: false });
    // Only its own user topic may be followed.
    const other = await registerUser(server);
    await signedIn.subscribe(TOPICS.user(other.uid));
    expect(signedIn.messages.some((m) => m.t === 'err' && m.topic === TOPICS.user(other.uid))).toBe(true);
    await anon.subscribe(TOPICS.user(u.uid));
    expect(anon.messages.some((m) => m.t === 'err' && m.topic === TOPICS.user(u.uid))).toBe(true);
    for (const s of [signedIn, anon, forged]) s.close();
  });

  it('a disabled account is signed out at its next request', async () => {
    const u = await registerUser(server);
    await setUserColumns(server, u.uid, { loginDisabled: true });
    expect((await u.client.get('/api/session')).body.user).toBeNull();
    expect(await countSessions(server, u.uid)).toBe(0);
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis: the single-session rule and the
 * login throttle hold across instances. Runs where CI provides both (TEST_DATABASE_URL and
 * TEST_REDIS_URL), like the PostgreSQL half of every suite.
 */
const MULTI_INSTANCE = TEST_DATABASE_URL && TEST_REDIS_URL ? ['postgres+redis'] : [];

describe.each(MULTI_INSTANCE)('sessions across two instances (%s)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    one = await startTestServer({ databaseUrl: db.url!, env: { REDIS_URL: TEST_REDIS_URL! } });
    two = await startTestServer({ databaseUrl: db.url!, env: { REDIS_URL: TEST_REDIS_URL! } });
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await db?.close();
  });

  it('a login on instance two closes the session and socket held on instance one', async () => {
    const u = await registerUser(one);
    const socket = await Socket.open(one, u.client);
    await socket.subscribe(TOPICS.user(u.uid));
    const { res } = await login(two, u.username, PASSWORD);
    expect(res.status).toBe(200);
    const ev = await socket.next((m) => m.t === 'ev' && m.type === UserEvents.sessionReplaced);
    expect(ev.data).toEqual({ sessionId: res.body.user.sessionId });
    expect((await socket.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    expect((await u.client.get('/api/session')).body.user).toBeNull();
  });

  it('failed logins counted on either instance add up', async () => {
    const u = await registerUser(one);
    for (const server of [one, two, one, two, one]) {
      expect((await login(server, u.username, 'Wrong#123')).res.status).toBe(401);
    }
    expect((await login(two, u.username, PASSWORD)).res.status).toBe(429);
    expect((await login(one, u.username, PASSWORD)).res.status).toBe(429);
  });
});
