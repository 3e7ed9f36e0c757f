import { raw } from './support/raw-hub.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  REALTIME_PATH,
  TOPICS,
  UserEvents,
  type TopicEvent,
} from '@rush/protocol';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { events, TestSocket, type UpgradeRefused } from './support/socket-client.ts';
import { register } from './support/accounts.ts';

/** The realtime layer inside the real server (accounts' authenticator, PGlite), over real sockets. */
describe('realtime in the real server', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    url = server.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH;
  });
  afterAll(() => server?.stop());

  const open = (client?: TestClient) =>
    TestSocket.connect(url, { origin: server.baseUrl, cookie: client?.cookieHeader() });

  it('a registered user’s cookie gives an authenticated socket that may follow its own user topic', async () => {
    const u = await register(server);
    const s = await open(u.client);
    expect(s.messages[0]).toMatchObject({ t: 'hello', protocol: PROTOCOL_VERSION, authenticated: true });
    expect(await s.subscribe(TOPICS.user(u.uid))).toMatchObject([{ t: 'subscribed', topic: TOPICS.user(u.uid) }]);
    await raw(server.ctx.hub).publish(TOPICS.user(u.uid), UserEvents.balancesChanged, { usd: 1 });
    expect(await s.next((m) => m.t === 'ev')).toMatchObject({ type: UserEvents.balancesChanged, data: { usd: 1 } });
    s.close();
  });

  it('an anonymous socket is welcome but cannot follow a user topic', async () => {
    const u = await register(server);
    const s = await open(new TestClient(server.baseUrl));
    expect(s.messages[0]).toMatchObject({ t: 'hello', authenticated: false });
    expect(await s.subscribe(TOPICS.user(u.uid))).toMatchObject([{ t: 'err', code: 'FORBIDDEN' }]);
    s.close();
  });

  it('refuses a socket from another Origin with 403, even with a valid cookie', async () => {
    const u = await register(server);
    const err = await TestSocket.open(url, { origin: 'http://evil.test', cookie: u.client.cookieHeader() }).catch(
      (e: unknown) => e,
    );
    expect((err as UpgradeRefused).status).toBe(403);
  });

  it('single session: logging in elsewhere sends session.replaced then closes the first socket (4002)', async () => {
    const u = await register(server);
    const first = await open(u.client);
    await first.subscribe(TOPICS.user(u.uid));
    const second = new TestClient(server.baseUrl);
    const res = await second.post('/api/auth/login', { identifier: u.username, password: u.password });
    expect(res.status).toBe(200);
    const ev = await first.next((m) => m.t === 'ev' && m.type === UserEvents.sessionReplaced);
    expect(ev).toMatchObject({ data: { sessionId: res.body.user.sessionId } });
    expect((await first.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    // The new session's socket is fine.
    const fresh = await open(second);
    await fresh.ping();
    fresh.close();
  });

  it('bad frames are dropped and counted; the socket and the server carry on', async () => {
    const s = await open();
    const before = server.ctx.hub.stats().badMessages;
    for (const bad of ['{', '[]', '{"t":"sub","topic":"NOPE"}', '{"t":"cmd","id":1,"name":"none","payload":1}']) {
      s.sendRaw(bad);
    }
    s.sendRaw(Buffer.from([1, 2, 3]), true);
    await s.ping();
    await s.next((m) => m.t === 'ack');
    expect(server.ctx.hub.stats().badMessages - before).toBe(5);
    s.sendRaw('x'.repeat(MAX_FRAME_BYTES + 1));
    expect((await s.closed).code).toBe(CLOSE_CODES.tooBig);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const again = await open();
    await again.ping();
    again.close();
  });
});

/**
 * ARCHITECTURE 4 end to end: two real servers sharing one PostgreSQL database and one Redis.
 * Defined only when both TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
if (TEST_DATABASE_URL && TEST_REDIS_URL) {
  const redisUrl = TEST_REDIS_URL;
  describe('two real server instances (PostgreSQL + Redis)', () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      db = await createTestDatabase('postgres');
      a = await startTestServer({ databaseUrl: db.url, env: { REDIS_URL: redisUrl } });
      b = await startTestServer({ databaseUrl: db.url, env: { REDIS_URL: redisUrl } });
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await db?.close();
    });

    // Each instance has its own APP_URL, so the Origin a browser sends is that instance's.
    const open = (server: TestServer, client?: TestClient) =>
      TestSocket.connect(server.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH, {
        origin: server.baseUrl,
        cookie: client?.cookieHeader(),
      });

    it('a session made on A authenticates a socket on B, and A’s events reach it', async () => {
      const u = await register(a);
      const onB = await open(b, u.client);
      expect(onB.messages[0]).toMatchObject({ t: 'hello', authenticated: true });
      await onB.subscribe(TOPICS.user(u.uid));
      await raw(a.ctx.hub).publish(TOPICS.user(u.uid), UserEvents.balancesChanged, { from: 'A' });
      // Versions start from the clock (createBus), so a topic's first event is above zero, not 1.
      const ev = await onB.next((m) => m.t === 'ev');
      expect(ev).toMatchObject({ data: { from: 'A' } });
      expect(ev.t === 'ev' && ev.v > 0).toBe(true);
      onB.close();
    });

    it('resume across instances: dropped on B, back on A with since, gets exactly the missed events', async () => {
      const u = await register(a);
      const onB = await open(b, u.client);
      await onB.subscribe(TOPICS.user(u.uid));
      await raw(a.ctx.hub).publish(TOPICS.user(u.uid), 'test.n', 1);
      const first = await onB.next<TopicEvent>((m) => m.t === 'ev');
      onB.ws.terminate();
      await onB.closed;
      await raw(b.ctx.hub).publish(TOPICS.user(u.uid), 'test.n', 2);
      await raw(a.ctx.hub).publish(TOPICS.user(u.uid), 'test.n', 3);
      const onA = await open(a, u.client);
      const replay = await onA.subscribe(TOPICS.user(u.uid), first.v);
      expect(events(replay).map((e) => e.data)).toEqual([2, 3]);
      onA.close();
    });

    it('single session across instances: a login on A closes the socket of the older session on B (4002)', async () => {
      const u = await register(a);
      const onB = await open(b, u.client);
      await onB.subscribe(TOPICS.user(u.uid));
      const elsewhere = new TestClient(a.baseUrl);
      const res = await elsewhere.post('/api/auth/login', { identifier: u.username, password: u.password });
      expect(res.status).toBe(200);
      expect(await onB.next((m) => m.t === 'ev' && m.type === UserEvents.sessionReplaced)).toMatchObject({
        data: { sessionId: res.body.user.sessionId },
      });
      expect((await onB.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    });
  });
}
