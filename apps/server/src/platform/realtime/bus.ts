import type { EventBus } from './types.ts';
import type { BusLogger } from './bus-common.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/**
 * ARCHITECTURE 4: one process by default, many when REDIS_URL is set. The Redis bus connects
 * before this resolves, so a wrong REDIS_URL stops the start instead of failing later.
 */
export async function createBus(redisUrl?: string, opts: { log?: BusLogger; prefix?: string } = {}): Promise<EventBus> {
  // Versions from the clock: a restarted process or a Redis that lost its keys never hands a
  // resuming client events of another life as the ones it missed (issue 18).
  if (!redisUrl) return createInProcessBus({ log: opts.log, versionBase: 'time' });
  return createRedisBus({ url: redisUrl, log: opts.log, prefix: opts.prefix, versionBase: 'time' });
}
