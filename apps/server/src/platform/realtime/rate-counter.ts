import type { CountersConnection } from './redis-counters.ts';

/**
 * Counts hits of a key in a fixed window (socket-rates.ts windowAt). The window's index is part
 * of the call, so every instance counting in the same Redis agrees on which window a hit belongs
 * to, and tests move windows with the injected clock.
 */
export interface RateCounter {
  /** Adds one hit to `key` in window `window` and returns the window's count including it. */
  hit(key: string, window: number, windowMs: number): Promise<number> | number;
}

/**
 * In memory, for one instance (and for the per-socket budgets, which never leave it). Every key
 * counts in the same aligned windows, so the map is simply cleared when a new window begins: it
 * never holds more than one window's keys.
 */
export class LocalRateCounter implements RateCounter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  hit(key: string, window: number): number {
    if (window !== this.window) {
      // A hit of an older window (a slow task crossing the boundary) counts in the new one: never fewer.
      if (window > this.window) {
        this.window = window;
        this.counts.clear();
      }
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }

  get size(): number {
    return this.counts.size;
  }
}

/**
 * INCR then PEXPIRE on its first hit, as the API limit's store does (@fastify/rate-limit's
 * RedisStore), in one script so a key never lives without its expiry. Keys expire two windows
 * after their window began, so Redis keeps at most the current and the previous window.
 */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

/** Across instances, on the API limit's counters connection (redis-counters.ts). */
export class RedisRateCounter implements RateCounter {
  constructor(
    private readonly redis: CountersConnection,
    private readonly prefix: string,
  ) {
    if (!('socketRateHit' in redis)) redis.defineCommand('socketRateHit', { numberOfKeys: 1, lua: HIT });
  }

  async hit(key: string, window: number, windowMs: number): Promise<number> {
    const run = (this.redis as unknown as Record<string, (k: string, ttl: number) => Promise<number>>)[
      'socketRateHit'
    ]!;
    return Number(await run.call(this.redis, `${this.prefix}${key}:${window}`, windowMs * 2));
  }
}
