import { afterEach, describe, expect, it } from 'vitest';
import type { TopicEvent } from '@rush/protocol';
import { createInProcessBus } from '../../src/platform/realtime/in-process-bus.ts';
import type { EventBus } from '../../src/platform/realtime/types.ts';
import type { BusLogger } from '../../src/platform/realtime/bus-common.ts';
import { eventually } from './support/hub-app.ts';
import { dropPrefix, killSubscriber, randomPrefix, redisBus, TEST_REDIS_URL } from './support/redis.ts';

/**
 * The EventBus contract, run against every bus this machine can provide: in-process always,
 * Redis when TEST_REDIS_URL is set (the Redis row is then simply part of the table).
 */
interface BusKit {
  /** A bus keeping `historySize` events per topic; buses made by one kit share their state. */
  make(historySize: number): Promise<EventBus>;
  cleanup(): Promise<void>;
  /** What the kit's buses logged (messages only). */
  logged: string[];
}

function capturingLog(): BusLogger & { logged: string[] } {
  const logged: string[] = [];
  return { logged, warn: (_o, msg) => logged.push(msg), error: (_o, msg) => logged.push(msg) };
}

const kits: Array<[string, () => BusKit]> = [
  [
    'in-process',
    () => {
      let shared: EventBus | undefined;
      const log = capturingLog();
      return {
        // In-process "instances" of one kit are the same bus: there is only one process.
        make: (historySize) => Promise.resolve((shared ??= createInProcessBus({ historySize, log }))),
        cleanup: async () => shared?.close(),
        logged: log.logged,
      };
    },
  ],
  ...(TEST_REDIS_URL
    ? [
        [
          'redis',
          () => {
            const prefix = randomPrefix();
            const made: EventBus[] = [];
            const log = capturingLog();
            return {
              logged: log.logged,
              make: async (historySize: number) => {
                const bus = await redisBus(prefix, { historySize, log });
                made.push(bus);
                return bus;
              },
              cleanup: async () => {
                await Promise.all(made.map((b) => b.close()));
                await dropPrefix(prefix);
              },
            };
          },
        ] as [string, () => BusKit],
      ]
    : []),
];

/** Collects what a bus delivers to its subscribers (asynchronously on Redis). */
function collect(bus: EventBus): { events: TopicEvent[]; stop: () => void } {
  const events: TopicEvent[] = [];
  const stop = bus.subscribe((e) => events.push(e));
  return { events, stop };
}

describe.each(kits)('%s bus', (_name, makeKit) => {
  let kit: BusKit;
  afterEach(async () => {
    await kit?.cleanup();
  });

  it('numbers events per topic from 1 with no gaps, independently per topic', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    expect(await bus.version('game:1')).toBe(0);
    const a1 = await bus.publish('game:1', 'moved', { ply: 1 });
    const b1 = await bus.publish('game:2', 'moved', { ply: 1 });
    const a2 = await bus.publish('game:1', 'moved', { ply: 2 });
    expect([a1.v, a2.v, b1.v]).toEqual([1, 2, 1]);
    expect(a2).toEqual({ t: 'ev', topic: 'game:1', v: 2, type: 'moved', data: { ply: 2 } });
    expect(await bus.version('game:1')).toBe(2);
    expect(await bus.version('game:2')).toBe(1);
  });

  it('keeps versions gapless under concurrent publishers', async () => {
    kit = makeKit();
    const [one, two] = [await kit.make(200), await kit.make(200)];
    const published = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two).publish('game:c', 'x', { i })),
    );
    expect(published.map((e) => e.v).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const history = await one.since('game:c', 0);
    expect(history).not.toBe('gap');
    expect((history as TopicEvent[]).map((e) => e.v)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('since() returns exactly the events after a version, in order', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    for (let i = 1; i <= 5; i++) await bus.publish('t:s', 'n', i);
    expect(((await bus.since('t:s', 2)) as TopicEvent[]).map((e) => e.data)).toEqual([3, 4, 5]);
    expect(await bus.since('t:s', 5)).toEqual([]);
    expect(((await bus.since('t:s', 0)) as TopicEvent[]).map((e) => e.v)).toEqual([1, 2, 3, 4, 5]);
    expect(await bus.since('t:empty', 0)).toEqual([]);
  });

  it("since() answers 'gap' when the events are no longer kept or the version is from another life", async () => {
    kit = makeKit();
    const bus = await kit.make(3);
    for (let i = 1; i <= 6; i++) await bus.publish('t:g', 'n', i);
    expect(((await bus.since('t:g', 3)) as TopicEvent[]).map((e) => e.v)).toEqual([4, 5, 6]);
    expect(await bus.since('t:g', 2)).toBe('gap');
    expect(await bus.since('t:g', 0)).toBe('gap');
    expect(await bus.since('t:g', 7)).toBe('gap');
    expect(await bus.since('t:never', 4)).toBe('gap');
  });

  it('delivers every event to subscribers, in version order, until unsubscribed', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    const seen = collect(bus);
    for (let i = 1; i <= 20; i++) await bus.publish('t:live', 'n', i);
    await eventually(() => seen.events.length === 20, 20_000);
    expect(seen.events.map((e) => e.v)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    seen.stop();
    await bus.publish('t:live', 'n', 21);
    await bus.publish('t:other', 'n', 1);
    // The bus keeps its order, so once a later event would have arrived the earlier one would too.
    const probe = collect(bus);
    // Probes until one arrives (a loaded CI machine may be slow to deliver the first), bounded.
    const until = Date.now() + 20_000;
    while (probe.events.length === 0 && Date.now() < until) {
      await bus.publish('t:probe', 'n', 1);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(probe.events.length).toBeGreaterThan(0);
    expect(seen.events).toHaveLength(20);
    probe.stop();
  });

  it('carries data as JSON: undefined becomes null, arrays and nesting survive, bigint is refused', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    expect((await bus.publish('t:d', 'a', undefined)).data).toBeNull();
    const data = { list: [], nested: { a: [1, 'two', null, true] }, text: 'é "quoted" \\ \n' };
    expect((await bus.publish('t:d', 'b', data)).data).toEqual(data);
    expect(((await bus.since('t:d', 1)) as TopicEvent[])[0]!.data).toEqual(data);
    await expect(bus.publish('t:d', 'c', { n: 1n })).rejects.toThrow();
    expect(await bus.version('t:d')).toBe(2);
  });

  it('a publisher mutating its data afterwards does not rewrite history', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    const data = { n: 1 };
    await bus.publish('t:m', 'x', data);
    data.n = 2;
    expect(((await bus.since('t:m', 0)) as TopicEvent[])[0]!.data).toEqual({ n: 1 });
  });

  it('an instance sees the events of another instance, with shared versions', async () => {
    kit = makeKit();
    const [a, b] = [await kit.make(200), await kit.make(200)];
    const onB = collect(b);
    await a.publish('t:x', 'n', 'from a');
    await b.publish('t:x', 'n', 'from b');
    await eventually(() => onB.events.length === 2);
    expect(onB.events.map((e) => [e.v, e.data])).toEqual([
      [1, 'from a'],
      [2, 'from b'],
    ]);
    expect(await a.version('t:x')).toBe(2);
  });

  it('a throwing subscriber does not stop the others', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    const stop = bus.subscribe(() => {
      throw new Error('listener bug');
    });
    const seen = collect(bus);
    await bus.publish('t:e', 'n', 1);
    await eventually(() => seen.events.length === 1);
    expect(kit.logged).toContain('bus listener failed');
    stop();
  });

  it('refuses to publish after close', async () => {
    kit = makeKit();
    const bus = await kit.make(200);
    await bus.close();
    await expect(bus.publish('t:c', 'n', 1)).rejects.toThrow();
  });
});

describe('in-process bus bounds', () => {
  it('forgets the least recently published topics past maxTopics, without versions going back', async () => {
    const bus = createInProcessBus({ maxTopics: 3, historySize: 10 });
    for (let i = 0; i < 5; i++) await bus.publish('t:old', 'n', i); // v 1..5
    await bus.publish('t:a', 'n', 0);
    await bus.publish('t:b', 'n', 0);
    await bus.publish('t:c', 'n', 0); // evicts t:old (version 5)
    // A socket may still be at t:old v5: the topic must not restart below it.
    expect(await bus.version('t:old')).toBe(5);
    expect(await bus.since('t:old', 2)).toBe('gap');
    expect(await bus.since('t:old', 5)).toEqual([]);
    expect((await bus.publish('t:old', 'n', 'again')).v).toBe(6);
    expect((await bus.publish('t:brand-new', 'n', 1)).v).toBeGreaterThan(5);
    await bus.close();
  });

  it('keeps only historySize events per topic', async () => {
    const bus = createInProcessBus({ historySize: 200 });
    for (let i = 0; i < 500; i++) await bus.publish('t:h', 'n', i);
    expect(((await bus.since('t:h', 300)) as TopicEvent[]).length).toBe(200);
    expect(await bus.since('t:h', 299)).toBe('gap');
    await bus.close();
  });
});

// Defined only when a Redis is available (not skipped: absent).
if (TEST_REDIS_URL)
  describe('redis bus connection', () => {
    it('fails to start on an unreachable Redis instead of starting half-wired', async () => {
      const { createRedisBus } = await import('../../src/platform/realtime/redis-bus.ts');
      const quiet = { warn: () => {}, error: () => {} };
      await expect(
        createRedisBus({ url: 'redis://127.0.0.1:1', prefix: randomPrefix(), log: quiet }),
      ).rejects.toThrow();
    });

    it('re-subscribes after its subscriber connection drops and signals onResume', async () => {
      const prefix = randomPrefix();
      const quiet = { warn: () => {}, error: () => {} };
      const bus = await redisBus(prefix, { log: quiet });
      try {
        let resumed = 0;
        bus.onResume?.(() => resumed++);
        await killSubscriber(prefix);
        await eventually(() => resumed === 1, 10_000);
        const seen = collect(bus);
        await bus.publish('t:r', 'n', 1);
        await eventually(() => seen.events.length === 1);
      } finally {
        await bus.close();
        await dropPrefix(prefix);
      }
    });
  });
