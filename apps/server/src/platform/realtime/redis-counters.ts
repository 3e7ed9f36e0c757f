import { Redis } from 'ioredis';
import type { BusLogger } from './bus-common.ts';

/** The connection the HTTP rate limit counts on; opaque outside this folder (it owns Redis). */
export type CountersConnection = Redis;

/**
 * A Redis connection for shared counters (the API rate limit), separate from the bus's so a
 * slow counter never delays an event. A short command timeout and one retry: a slow or absent
 * Redis must not hold up requests (the rate limit then lets them through).
 */
export function createCountersConnection(url: string, log: BusLogger): CountersConnection {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000, connectionName: 'rate-limit' });
  // Without an 'error' listener ioredis prints every connection error as unhandled.
  redis.on('error', (err: Error) => log.warn({ err }, 'redis (counters) error'));
  return redis;
}

export async function closeCountersConnection(redis: CountersConnection): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
