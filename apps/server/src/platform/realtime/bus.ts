import type { EventBus } from './types.ts';
import type { BusLogger } from './bus-common.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/**
 * ARCHITECTURE 4: one process by default, many when REDIS_URL is set. The Redis bus connects
 * before this resolves, so a wrong REDIS_URL stops the start instead of failing later.
 */
export async function createBus(redisUrl?: string, opts: { log?: BusLogger; prefix?: string } = {}): Promise<EventBus> {
  if (!redisUrl) return createInProcessBus({ log: opts.log });
  return createRedisBus({ url: redisUrl, log: opts.log, prefix: opts.prefix });
}
