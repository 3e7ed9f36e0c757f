import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, PROTOCOL_VERSION, REALTIME_PATH } from '@rush/protocol';
import { eventually, ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { TestSocket, UpgradeRefused } from './support/socket-client.ts';

describe('hub: connecting', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('greets an anonymous socket with hello (protocol version, connection id, not authenticated)', async () => {
    h = await startHubApp();
    const s = await TestSocket.open(h.url, { origin: ORIGIN });
    const hello = await s.next();
    expect(hello).toMatchObject({ t: 'hello', protocol: PROTOCOL_VERSION, authenticated: false });
    expect(hello.t === 'hello' && hello.connId.length).toBeGreaterThan(8);
    expect(h.hub.stats().connections).toBe(1);
    s.close();
    await s.closed;
    await eventually(() => h!.hub.stats().connections === 0);
  });

  it('authenticates from the cookie and gives each socket its own id', async () => {
    h = await startHubApp();
    const a = await TestSocket.open(h.url, { origin: ORIGIN, cookie: sessionCookie('u1', 's1') });
    const b = await TestSocket.open(h.url, { origin: ORIGIN, cookie: sessionCookie('u1', 's1') });
    const [ha, hb] = [await a.next(), await b.next()];
    expect(ha).toMatchObject({ t: 'hello', authenticated: true });
    expect(ha.t === 'hello' && hb.t === 'hello' && ha.connId !== hb.connId).toBe(true);
    a.close();
    b.close();
  });

  it('refuses the upgrade with 403 when the Origin is another site or missing', async () => {
    h = await startHubApp();
    for (const origin of ['http://evil.test', 'http://rush.test.evil.test', 'null', null]) {
      const err = await TestSocket.open(h.url, { origin }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpgradeRefused);
      expect((err as UpgradeRefused).status).toBe(403);
    }
    expect(h.hub.stats().connections).toBe(0);
    // The refusal is per request: the right Origin still gets in.
    const ok = await TestSocket.connect(h.url, { origin: ORIGIN });
    ok.close();
  });

  it('answers 503 when authentication itself fails, instead of an anonymous socket', async () => {
    h = await startHubApp({ authenticate: () => Promise.reject(new Error('db down')) });
    const err = await TestSocket.open(h.url, { origin: ORIGIN }).catch((e: unknown) => e);
    expect((err as UpgradeRefused).status).toBe(503);
  });

  it('a plain HTTP GET on the socket path is a 404, not a crash', async () => {
    h = await startHubApp();
    const res = await fetch(h.baseUrl + REALTIME_PATH, { headers: { origin: ORIGIN } });
    expect(res.status).toBe(404);
  });

  it('heartbeat: drops a peer that stops answering pings, keeps one that answers', async () => {
    h = await startHubApp({ hub: { heartbeatMs: 40 } });
    const dead = await TestSocket.connect(h.url, { origin: ORIGIN, autoPong: false });
    const alive = await TestSocket.connect(h.url, { origin: ORIGIN });
    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated: no close handshake with a dead peer
    await new Promise((r) => setTimeout(r, 200));
    await alive.ping();
    expect(h.hub.stats().connections).toBe(1);
    alive.close();
  });

  it('close(): closes every socket with serverShutdown and refuses new ones', async () => {
    h = await startHubApp();
    const sockets = await Promise.all([1, 2, 3].map(() => TestSocket.connect(h!.url, { origin: ORIGIN })));
    await h.hub.close();
    for (const s of sockets) expect((await s.closed).code).toBe(CLOSE_CODES.serverShutdown);
    const err = await TestSocket.open(h.url, { origin: ORIGIN }).catch((e: unknown) => e);
    expect((err as UpgradeRefused).status).toBe(503);
    await h.hub.close(); // idempotent
  });

  it('close() does not wait forever for a peer that never answers the close', async () => {
    h = await startHubApp({ hub: { closeGraceMs: 100 } });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    // Stop reading: the client never sees the close frame, so never answers it.
    s.ws.pause();
    const started = Date.now();
    await h.hub.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    s.ws.resume();
    await s.closed;
  });
});
