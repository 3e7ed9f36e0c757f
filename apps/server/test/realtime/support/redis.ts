import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '../../support/database.ts';
import { createRedisBus, type RedisBusOptions } from '../../../src/platform/realtime/redis-bus.ts';
import type { EventBus } from '../../../src/platform/realtime/types.ts';

export { TEST_REDIS_URL };

/** A key prefix no other test (or test run) shares. */
export const randomPrefix = () => `rt-test:${crypto.randomBytes(6).toString('hex')}:`;

export function redisBus(prefix: string, opts: Partial<RedisBusOptions> = {}): Promise<EventBus> {
  return createRedisBus({ url: TEST_REDIS_URL!, prefix, ...opts });
}

/** Deletes a test's keys. */
export async function dropPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL!);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/**
 * Kills the subscriber connections of the buses with this prefix, as a network blip would;
 * ioredis then reconnects by itself. Returns how many were killed.
 */
export async function killSubscriber(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL!);
  try {
    const list = String(await redis.client('LIST'));
    const ids = list
      .split('\n')
      .filter((l) => l.includes(` name=rt-sub:${prefix} `))
      .map((l) => /\bid=(\d+)/.exec(l)?.[1])
      .filter((id): id is string => id !== undefined);
    if (ids.length === 0) throw new Error(`no subscriber connection for ${prefix}`);
    for (const id of ids) await redis.client('KILL', 'ID', id);
    return ids.length;
  } finally {
    redis.disconnect();
  }
}
