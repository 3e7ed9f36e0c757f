import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONLINE_COUNT_DEBOUNCE_MS } from '@rush/domain';
import { TOPICS } from '@rush/protocol';
import { presence } from '../../src/modules/accounts/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { eventually, presenceRow, registerUser, Socket } from './support.ts';

describe.each(DB_KINDS)('presence (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  const open: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());
  beforeEach(async () => {
    // Each test starts from nobody online: close what the last one left and age every row out.
    for (const s of open.splice(0)) s.close();
    clock.advance(200_000);
    await eventually(async () => (await online()) === 0);
  });

  const online = async () => (await new TestClient(server.baseUrl).get('/api/presence')).body.online as number;
  const connect = async (client?: TestClient, headers?: Record<string, string>) => {
    const s = await Socket.open(server, client, headers);
    open.push(s);
    return s;
  };

  it('counts a signed-in socket, keeps counting it when idle, and drops it on disconnect', async () => {
    const u = await registerUser(server);
    const s = await connect(u.client);
    await eventually(async () => (await online()) === 1);
    expect(await presenceRow(server, `u:${u.uid}`)).toMatchObject({ state: 'online', connections: 1, userId: u.uid });

    clock.advance(10_000);
    s.send({ t: 'presence', state: 'idle' });
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))?.state === 'idle');
    expect(await online()).toBe(1);

    s.close();
    await s.closed;
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))?.state === 'offline');
    expect(await online()).toBe(0);
  });

  it('counts one row per user, however many tabs, until the last one closes', async () => {
    const u = await registerUser(server);
    const a = await connect(u.client);
    const b = await connect(u.client);
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))?.connections === 2);
    expect(await online()).toBe(1);
    a.close();
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))?.connections === 1);
    expect(await online()).toBe(1);
    b.close();
    await eventually(async () => (await online()) === 0);
  });

  it('counts anonymous visitors by browser identity', async () => {
    await connect(undefined, { 'user-agent': 'Browser A' });
    await connect(undefined, { 'user-agent': 'Browser B' });
    await eventually(async () => (await online()) === 2);
  });

  it('does not count rows whose last change is older than 180 s', async () => {
    const u = await registerUser(server);
    await connect(u.client);
    await eventually(async () => (await online()) === 1);
    clock.advance(180_000);
    expect(await online()).toBe(1); // exactly 180 s: still within the window
    clock.advance(1_000);
    expect(await online()).toBe(0);
  });

  it('activity refreshes last_changed, but not more than once per 5 s per key', async () => {
    const u = await registerUser(server);
    const s = await connect(u.client);
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`)) !== undefined);
    const t0 = (await presenceRow(server, `u:${u.uid}`))!.lastChanged.getTime();
    clock.advance(2_000);
    s.send({ t: 'presence', state: 'online' });
    // Frames are handled in order: once this subscription is confirmed, the presence frame was handled.
    await s.subscribe(TOPICS.presence);
    expect((await presenceRow(server, `u:${u.uid}`))!.lastChanged.getTime()).toBe(t0);
    clock.advance(4_000);
    s.send({ t: 'presence', state: 'online' });
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))!.lastChanged.getTime() === t0 + 6_000);
  });

  it('activity on a tab whose row was swept while idle brings the row back', async () => {
    const u = await registerUser(server);
    const s = await connect(u.client);
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`)) !== undefined);
    await server.ctx.db.delete(presence).where(eq(presence.key, `u:${u.uid}`));
    clock.advance(6_000);
    s.send({ t: 'presence', state: 'online' });
    await eventually(async () => (await presenceRow(server, `u:${u.uid}`))?.state === 'online');
    expect(await presenceRow(server, `u:${u.uid}`)).toMatchObject({ connections: 1, userId: u.uid });
    expect(await online()).toBe(1);
  });

  it('logout sets the user offline at once', async () => {
    const u = await registerUser(server);
    await connect(u.client);
    await eventually(async () => (await online()) === 1);
    await u.client.post('/api/auth/logout');
    expect((await presenceRow(server, `u:${u.uid}`))!.state).toBe('offline');
    expect(await online()).toBe(0);
  });

  it('publishes the count on the presence topic, debounced, to anyone', async () => {
    const watcher = await connect(undefined, { 'user-agent': 'Watcher' });
    await watcher.subscribe(TOPICS.presence);
    await eventually(async () => (await online()) === 1);
    const u = await registerUser(server);
    await connect(u.client);
    // The debounce timing itself is proven with a fake timer in platform/jobs/debouncer.test.ts; here, that
    // the recount reaches a subscriber within a few debounce periods.
    const ev = await watcher.next(
      (m) => m.t === 'ev' && m.topic === TOPICS.presence && m.data.online === 2,
      3 * ONLINE_COUNT_DEBOUNCE_MS + 1_000,
    );
    expect(ev.type).toBe('presence.count');
  });

  it('a client that missed events gets the count as the resync snapshot', async () => {
    const watcher = await connect(undefined, { 'user-agent': 'Late' });
    await eventually(async () => (await online()) === 1);
    // Asking for events since a version the server never had forces a resync.
    watcher.send({ t: 'sub', topic: TOPICS.presence, since: 1_000_000 });
    const msg = await watcher.next((m) => m.t === 'resync' && m.topic === TOPICS.presence);
    expect(msg.snapshot).toEqual({ online: 1 });
  });
});
