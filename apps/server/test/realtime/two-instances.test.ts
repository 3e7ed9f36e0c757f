import { raw } from './support/raw-hub.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, UserEvents } from '@rush/protocol';
import { createInProcessBus } from '../../src/platform/realtime/in-process-bus.ts';
import type { EventBus } from '../../src/platform/realtime/types.ts';
import { ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { dropPrefix, killSubscriber, randomPrefix, redisBus, TEST_REDIS_URL } from './support/redis.ts';
import { events, TestSocket } from './support/socket-client.ts';

/**
 * ARCHITECTURE 4: two hubs (two Fastify servers on two ports) sharing one bus behave as one.
 * Always on one shared in-process bus (two hubs in one process); also on one Redis, through two
 * separate Redis connections, when TEST_REDIS_URL is set.
 */
interface SharedBus {
  /** A bus for one more instance: the same object in-process, a new connection on Redis. */
  forInstance(): Promise<EventBus>;
  cleanup(): Promise<void>;
}

const quiet = { warn: () => {}, error: () => {} };

const kinds: Array<[string, () => SharedBus]> = [
  [
    'one shared in-process bus',
    () => {
      const bus = createInProcessBus();
      // Each hub closes "its" bus at stop; the shared one must survive the first of those.
      const handle: EventBus = { ...bus, close: () => Promise.resolve() };
      return { forInstance: () => Promise.resolve(handle), cleanup: () => bus.close() };
    },
  ],
  ...(TEST_REDIS_URL
    ? [
        [
          'one Redis',
          () => {
            const prefix = randomPrefix();
            return { forInstance: () => redisBus(prefix, { log: quiet }), cleanup: () => dropPrefix(prefix) };
          },
        ] as [string, () => SharedBus],
      ]
    : []),
];

describe.each(kinds)('two hub instances on %s', (_kind, makeShared) => {
  let a: HubApp | undefined;
  let b: HubApp | undefined;
  let shared: SharedBus | undefined;
  afterEach(async () => {
    await a?.stop();
    await b?.stop();
    await shared?.cleanup();
    a = b = shared = undefined;
  });

  async function start(): Promise<[HubApp, HubApp]> {
    shared = makeShared();
    a = await startHubApp({ bus: await shared.forInstance() });
    b = await startHubApp({ bus: await shared.forInstance() });
    for (const h of [a, b]) h.hub.registerTopic('game', { authorize: () => true });
    return [a, b];
  }
  it('an event published on A reaches a client connected to B, with the shared version', async () => {
    const [A, B] = await start();
    const onB = await TestSocket.connect(B.url, { origin: ORIGIN });
    await onB.subscribe('game:1');
    await raw(A.hub).publish('game:1', 'moved', { ply: 1 });
    await raw(B.hub).publish('game:1', 'moved', { ply: 2 });
    await onB.next((m) => m.t === 'ev' && m.v === 2);
    expect(events(onB.messages)).toEqual([
      { t: 'ev', topic: 'game:1', v: 1, type: 'moved', data: { ply: 1 } },
      { t: 'ev', topic: 'game:1', v: 2, type: 'moved', data: { ply: 2 } },
    ]);
    onB.close();
  });

  it('resume across instances: dropped on A, back on B with since, gets exactly the missed events', async () => {
    const [A, B] = await start();
    const onA = await TestSocket.connect(A.url, { origin: ORIGIN });
    await onA.subscribe('game:2');
    await raw(A.hub).publish('game:2', 'n', 1);
    await onA.next((m) => m.t === 'ev' && m.v === 1);
    onA.ws.terminate();
    await onA.closed;
    await raw(A.hub).publish('game:2', 'n', 2);
    await raw(B.hub).publish('game:2', 'n', 3);
    const onB = await TestSocket.connect(B.url, { origin: ORIGIN });
    const replay = await onB.subscribe('game:2', 1);
    expect(replay.map((m) => (m.t === 'ev' ? m.v : m.t))).toEqual([2, 3, 'subscribed']);
    await raw(A.hub).publish('game:2', 'n', 4);
    await onB.next((m) => m.t === 'ev' && m.v === 4);
    expect(events(onB.messages).map((e) => e.v)).toEqual([2, 3, 4]);
    onB.close();
  });

  it('session.replaced published on A closes the user’s other-session sockets on B', async () => {
    const [A, B] = await start();
    const oldOnB = await TestSocket.connect(B.url, { origin: ORIGIN, cookie: sessionCookie('u1', 'old') });
    const keptOnB = await TestSocket.connect(B.url, { origin: ORIGIN, cookie: sessionCookie('u1', 'new') });
    await raw(A.hub).publish('user:u1', UserEvents.sessionReplaced, { sessionId: 'new' });
    expect((await oldOnB.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    await keptOnB.ping();
    expect(keptOnB.closeCode).toBeNull();
    keptOnB.close();
  });
});

// Only a real Redis connection can drop; defined only when TEST_REDIS_URL is set.
if (TEST_REDIS_URL) {
  describe('two hub instances on one Redis, when the subscription drops', () => {
    let a: HubApp | undefined;
    let b: HubApp | undefined;
    const prefix = randomPrefix();
    afterEach(async () => {
      await a?.stop();
      await b?.stop();
      await dropPrefix(prefix);
    });

    async function start(): Promise<[HubApp, HubApp]> {
      a = await startHubApp({ bus: await redisBus(prefix, { log: quiet }) });
      b = await startHubApp({ bus: await redisBus(prefix, { log: quiet }) });
      for (const h of [a, b]) h.hub.registerTopic('game', { authorize: () => true });
      return [a, b];
    }

    it('after its Redis subscription drops, B still delivers every event exactly once, in order', async () => {
      const [A, B] = await start();
      const onB = await TestSocket.connect(B.url, { origin: ORIGIN });
      await onB.subscribe('game:3');
      await raw(A.hub).publish('game:3', 'n', 1);
      await onB.next((m) => m.t === 'ev' && m.v === 1);
      await killSubscriber(prefix); // both instances' subscribers: a Redis-side blip
      // Published while the subscribers reconnect: pub/sub loses these, the history does not.
      await raw(A.hub).publish('game:3', 'n', 2);
      await raw(A.hub).publish('game:3', 'n', 3);
      await onB.next((m) => m.t === 'ev' && m.v === 3, 10_000);
      await raw(A.hub).publish('game:3', 'n', 4);
      await onB.next((m) => m.t === 'ev' && m.v === 4, 10_000);
      expect(events(onB.messages).map((e) => e.v)).toEqual([1, 2, 3, 4]);
      onB.close();
    });
  });
}
