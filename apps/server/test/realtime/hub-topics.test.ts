import { raw } from './support/raw-hub.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../src/platform/realtime/in-process-bus.ts';
import type { EventBus } from '../../src/platform/realtime/types.ts';
import { ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { events, TestSocket } from './support/socket-client.ts';

const open = { authorize: () => true };

describe('hub: topics', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  async function connect(cookie?: string): Promise<TestSocket> {
    return TestSocket.connect(h!.url, { origin: ORIGIN, cookie });
  }

  it('sub answers subscribed with the current version; live events follow in order', async () => {
    h = await startHubApp();
    h.hub.registerTopic('room', open);
    await raw(h.hub).publish('room:1', 'old', 1);
    const s = await connect();
    expect(await s.subscribe('room:1')).toEqual([{ t: 'subscribed', topic: 'room:1', v: 1 }]);
    for (let i = 2; i <= 30; i++) await raw(h.hub).publish('room:1', 'n', i);
    const got = events(await s.until((m) => m.t === 'ev' && m.v === 30));
    expect(got.map((e) => e.v)).toEqual(Array.from({ length: 29 }, (_, i) => i + 2));
    expect(got[0]).toEqual({ t: 'ev', topic: 'room:1', v: 2, type: 'n', data: 2 });
    s.close();
  });

  it('only subscribers of a topic receive its events; unsub stops them', async () => {
    h = await startHubApp();
    h.hub.registerTopic('room', open);
    const s = await connect();
    await s.subscribe('room:a');
    await s.subscribe('room:b');
    s.send({ t: 'unsub', topic: 'room:a' });
    // unsub is processed in order with subs: once this subscribed arrives, unsub is done.
    await s.subscribe('room:c');
    await raw(h.hub).publish('room:a', 'n', 'not for you');
    await raw(h.hub).publish('room:z', 'n', 'nobody');
    await raw(h.hub).publish('room:b', 'n', 'for you');
    const ev = await s.next((m) => m.t === 'ev');
    expect(ev).toMatchObject({ topic: 'room:b', data: 'for you' });
    await s.ping();
    expect(events(s.messages)).toHaveLength(1);
    expect(h.hub.stats().topics).toBe(2);
    s.close();
  });

  it('resume: a socket that reconnects with since gets exactly the events it missed', async () => {
    h = await startHubApp();
    h.hub.registerTopic('game', open);
    const first = await connect();
    await first.subscribe('game:7');
    for (let i = 1; i <= 3; i++) await raw(h.hub).publish('game:7', 'moved', { ply: i });
    await first.next((m) => m.t === 'ev' && m.v === 3);
    first.ws.terminate(); // a dropped connection, not a goodbye
    await first.closed;
    for (let i = 4; i <= 6; i++) await raw(h.hub).publish('game:7', 'moved', { ply: i });

    const second = await connect();
    const replay = await second.subscribe('game:7', 3);
    expect(replay.map((m) => (m.t === 'ev' ? m.v : m.t))).toEqual([4, 5, 6, 'subscribed']);
    expect(replay.at(-1)).toEqual({ t: 'subscribed', topic: 'game:7', v: 6 });
    await raw(h.hub).publish('game:7', 'moved', { ply: 7 });
    expect(await second.next((m) => m.t === 'ev')).toMatchObject({ v: 7 });
    await second.ping();
    expect(events(second.messages).map((e) => e.v)).toEqual([4, 5, 6, 7]);
    second.close();
  });

  it('resume with since equal to the current version replays nothing', async () => {
    h = await startHubApp();
    h.hub.registerTopic('game', open);
    await raw(h.hub).publish('game:1', 'x', null);
    const s = await connect();
    expect(await s.subscribe('game:1', 1)).toEqual([{ t: 'subscribed', topic: 'game:1', v: 1 }]);
    s.close();
  });

  it('a since older than the kept history gets resync (with the policy snapshot) instead of events', async () => {
    h = await startHubApp({ bus: createInProcessBus({ historySize: 5 }) });
    h.hub.registerTopic('game', { authorize: () => true, snapshot: (_c, topic) => ({ state: `full ${topic}` }) });
    for (let i = 1; i <= 12; i++) await raw(h.hub).publish('game:9', 'moved', i);
    const s = await connect();
    expect(await s.subscribe('game:9', 2)).toEqual([
      { t: 'resync', topic: 'game:9', v: 12, snapshot: { state: 'full game:9' } },
      { t: 'subscribed', topic: 'game:9', v: 12 },
    ]);
    await raw(h.hub).publish('game:9', 'moved', 13);
    expect(await s.next((m) => m.t === 'ev')).toMatchObject({ v: 13 });
    s.close();
  });

  it('a since from another server life (ahead of the counter) gets resync too', async () => {
    h = await startHubApp();
    h.hub.registerTopic('game', open);
    const s = await connect();
    expect(await s.subscribe('game:new', 40)).toEqual([
      { t: 'resync', topic: 'game:new', v: 0 },
      { t: 'subscribed', topic: 'game:new', v: 0 },
    ]);
    s.close();
  });

  it('events published while a replay is being read are neither lost nor duplicated', async () => {
    // A bus whose history read is slow, with one publish just before the read (in both the
    // history and the live stream) and one just after (live stream only).
    const inner = createInProcessBus();
    const bus: EventBus = {
      ...inner,
      async since(topic, since) {
        await inner.publish(topic, 'during', 'before read');
        const result = await inner.since(topic, since);
        await inner.publish(topic, 'during', 'after read');
        await new Promise((r) => setTimeout(r, 20));
        return result;
      },
    };
    h = await startHubApp({ bus });
    h.hub.registerTopic('game', open);
    for (let i = 1; i <= 3; i++) await raw(h.hub).publish('game:r', 'n', i);
    const s = await connect();
    const replay = await s.subscribe('game:r', 1);
    await raw(h.hub).publish('game:r', 'n', 'live');
    await s.next((m) => m.t === 'ev' && m.data === 'live');
    const versions = events(s.messages).map((e) => e.v);
    expect(versions).toEqual([2, 3, 4, 5, 6]);
    expect(replay.at(-1)).toMatchObject({ t: 'subscribed', v: 4 });
    s.close();
  });

  it('forbidden: unknown family, a policy saying no, and a policy that throws', async () => {
    h = await startHubApp();
    h.hub.registerTopic('secret', { authorize: () => false });
    h.hub.registerTopic('broken', {
      authorize: () => {
        throw new Error('policy bug');
      },
    });
    h.hub.registerTopic('slow', { authorize: (c) => Promise.resolve(c.userId === 'u1') });
    const s = await connect();
    expect(await s.subscribe('nosuch:1')).toEqual([
      { t: 'err', code: 'FORBIDDEN', message: expect.any(String), topic: 'nosuch:1' },
    ]);
    expect(await s.subscribe('secret:1')).toMatchObject([{ t: 'err', code: 'FORBIDDEN', topic: 'secret:1' }]);
    expect(await s.subscribe('broken:1')).toMatchObject([{ t: 'err', code: 'INTERNAL', topic: 'broken:1' }]);
    expect(await s.subscribe('slow:1')).toMatchObject([{ t: 'err', code: 'FORBIDDEN' }]);
    await raw(h.hub).publish('secret:1', 'n', 'leak?');
    await s.ping();
    expect(events(s.messages)).toEqual([]);
    s.close();
  });

  it('user:{uid} is only for that user: anonymous and other users are refused', async () => {
    h = await startHubApp();
    const anon = await connect();
    expect(await anon.subscribe('user:x')).toMatchObject([{ t: 'err', code: 'FORBIDDEN', topic: 'user:x' }]);
    const other = await connect(sessionCookie('y', 's1'));
    expect(await other.subscribe('user:x')).toMatchObject([{ t: 'err', code: 'FORBIDDEN' }]);
    const owner = await connect(sessionCookie('x', 's1'));
    expect(await owner.subscribe('user:x')).toMatchObject([{ t: 'subscribed', topic: 'user:x' }]);
    await raw(h.hub).publish('user:x', 'profile.changed', { n: 1 });
    expect(await owner.next((m) => m.t === 'ev')).toMatchObject({ topic: 'user:x' });
    await anon.ping();
    await other.ping();
    expect([...events(anon.messages), ...events(other.messages)]).toEqual([]);
    for (const s of [anon, other, owner]) s.close();
  });

  it('a family cannot be registered twice (wiring bug), but the built-in user policy can be replaced', async () => {
    h = await startHubApp();
    h.hub.registerTopic('game', open);
    expect(() => h!.hub.registerTopic('game', open)).toThrow(/already registered/);
    expect(() => h!.hub.registerTopic('user', { authorize: (c, t) => t === `user:${c.userId}` })).not.toThrow();
    expect(() => h!.hub.registerTopic('bad:family', open)).toThrow(/invalid/);
  });

  it('bounds the topics one socket may follow', async () => {
    h = await startHubApp({ hub: { maxTopicsPerConnection: 3 } });
    h.hub.registerTopic('room', open);
    const s = await connect();
    for (const t of ['room:1', 'room:2', 'room:3']) await s.subscribe(t);
    expect(await s.subscribe('room:4')).toMatchObject([{ t: 'err', code: 'TOO_MANY_TOPICS', topic: 'room:4' }]);
    // Re-subscribing to one it has is fine.
    expect(await s.subscribe('room:1')).toMatchObject([{ t: 'subscribed' }]);
    s.close();
  });

  it('a bus failure during sub is answered with UNAVAILABLE and the socket lives on', async () => {
    const inner = createInProcessBus();
    const bus: EventBus = { ...inner, since: () => Promise.reject(new Error('redis down')) };
    h = await startHubApp({ bus });
    h.hub.registerTopic('game', open);
    const s = await connect();
    expect(await s.subscribe('game:1', 0)).toMatchObject([{ t: 'err', code: 'UNAVAILABLE', topic: 'game:1' }]);
    expect(h.hub.stats().topics).toBe(0);
    await s.ping();
    s.close();
  });
});
