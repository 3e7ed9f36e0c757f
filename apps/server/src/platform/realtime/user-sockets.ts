import type { CountersConnection } from './redis-counters.ts';

/**
 * Issue 33: a user's open sockets on every instance, oldest first, so the bound holds across
 * instances (with REDIS_URL). Each instance also keeps the bound over its own sockets
 * (hub.ts), which is all there is without Redis and what still holds when Redis is away.
 */
export interface UserSocketRegistry {
  /** Records a new socket; answers the ids of the user's oldest sockets beyond `max`, now forgotten. */
  opened(userId: string, connId: string, max: number): Promise<string[]>;
  closed(userId: string, connId: string): Promise<void>;
}

/**
 * One sorted set per user, scored by arrival order in Redis (the highest score plus one, so two
 * sockets opened in the same millisecond on two instances are still ordered). An instance that
 * dies leaves its entries behind: they are the oldest, so the next sockets beyond the bound pop
 * them first (closing nothing), and the set expires a day after the user's last new socket.
 */
const OPENED = `
local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local score = 1
if top[2] then score = tonumber(top[2]) + 1 end
redis.call('ZADD', KEYS[1], score, ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then return {} end
local popped = redis.call('ZPOPMIN', KEYS[1], over)
local out = {}
for i = 1, #popped, 2 do out[#out + 1] = popped[i] end
return out
`;

const TTL_SECONDS = 24 * 3600;

/** Redis keys of the registry; the user id follows. */
export const USER_SOCKETS_REDIS_PREFIX = 'rush:ws:sockets:';

export class RedisUserSockets implements UserSocketRegistry {
  constructor(
    private readonly redis: CountersConnection,
    private readonly prefix: string,
  ) {
    if (!('userSocketOpened' in redis)) redis.defineCommand('userSocketOpened', { numberOfKeys: 1, lua: OPENED });
  }

  async opened(userId: string, connId: string, max: number): Promise<string[]> {
    const run = (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)['userSocketOpened']!;
    const out = await run.call(this.redis, this.key(userId), connId, max, TTL_SECONDS);
    return Array.isArray(out) ? out.map(String) : [];
  }

  async closed(userId: string, connId: string): Promise<void> {
    await this.redis.zrem(this.key(userId), connId);
  }

  private key(userId: string): string {
    return `${this.prefix}${userId}`;
  }
}
