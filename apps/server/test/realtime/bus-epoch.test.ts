import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../src/platform/realtime/in-process-bus.ts';
import { createBus } from '../../src/platform/realtime/bus.ts';
import type { EventBus } from '../../src/platform/realtime/types.ts';
import { dropPrefix, randomPrefix, redisBus, TEST_REDIS_URL } from './support/redis.ts';

const quiet = { warn: () => {}, error: () => {}, info: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function publishMany(bus: EventBus, topic: string, n: number): Promise<number> {
  let v = 0;
  for (let i = 0; i < n; i++) v = (await bus.publish(topic, 'n', i)).v;
  return v;
}

/**
 * Issue 18: a bus whose counters restart (a process restart, a Redis that lost its keys) must
 * never answer a client resuming from before with the tail of the new life's events as if they
 * were the ones it missed. Counting from 1, a client at v5 that comes back after the new life
 * published 7 events would get 6 and 7 and silently miss 1-5; with versions from the clock it
 * is behind by far more than the history, and gets a resync.
 */
describe('versions from the clock (the server default)', () => {
  it('in one process: a client from before a restart is resynced, not handed another life’s events', async () => {
    const before = await createBus(undefined, { log: quiet });
    const lastSeen = await publishMany(before, 't:x', 5);
    expect(lastSeen).toBeGreaterThan(Date.now() * 1_000 - 60_000_000);
    await before.close();
    await sleep(5);
    const after = await createBus(undefined, { log: quiet });
    await publishMany(after, 't:x', 7);
    expect(await after.since('t:x', lastSeen)).toBe('gap');
    await after.close();
  });

  it('counting from 1 is the hole it closes', async () => {
    const before = createInProcessBus({ log: quiet });
    const lastSeen = await publishMany(before, 't:x', 5);
    const after = createInProcessBus({ log: quiet });
    await publishMany(after, 't:x', 7);
    // Two events of the new life answered as "what you missed": events 1-5 of it are lost.
    expect(await after.since('t:x', lastSeen)).toHaveLength(2);
    await before.close();
    await after.close();
  });

  it('within one life, versions still follow each other and replay exactly', async () => {
    const bus = createInProcessBus({ log: quiet, versionBase: 'time' });
    const first = (await bus.publish('t:y', 'n', 0)).v;
    const last = await publishMany(bus, 't:y', 3);
    expect(last).toBe(first + 3);
    expect(Number.isSafeInteger(last)).toBe(true);
    expect(((await bus.since('t:y', first)) as { v: number }[]).map((e) => e.v)).toEqual([
      first + 1,
      first + 2,
      first + 3,
    ]);
    await bus.close();
  });
});

// Defined only when a Redis is available (not skipped: absent).
if (TEST_REDIS_URL)
  describe('versions from the clock on Redis', () => {
    it('after Redis lost its keys, a client from before is resynced, and versions start above the old ones', async () => {
      const prefix = randomPrefix();
      const bus = await redisBus(prefix, { log: quiet, versionBase: 'time' });
      try {
        const lastSeen = await publishMany(bus, 't:r', 5);
        expect(Number.isSafeInteger(lastSeen)).toBe(true);
        await dropPrefix(prefix); // what a Redis restart without persistence leaves
        await sleep(5);
        const first = (await bus.publish('t:r', 'n', 'new life')).v;
        expect(first).toBeGreaterThan(lastSeen);
        await publishMany(bus, 't:r', 6);
        expect(await bus.since('t:r', lastSeen)).toBe('gap');
        expect(((await bus.since('t:r', first)) as unknown[]).length).toBe(6);
      } finally {
        await bus.close();
        await dropPrefix(prefix);
      }
    });
  });
