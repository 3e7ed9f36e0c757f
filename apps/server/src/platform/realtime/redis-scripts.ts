import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The two Lua scripts of the Redis bus. A script runs atomically on the Redis server, which is
 * what makes versions gapless across instances: INCR, append, trim and PUBLISH happen as one
 * step, so no instance can observe a version without its event, and PUBLISH order equals
 * version order on every topic.
 */

/**
 * KEYS: version key, history key. ARGV: channel, topic as a JSON string, type as a JSON string,
 * data as JSON, history size, history TTL (s), version TTL (s), version base (`time` or `one`,
 * bus-common.ts VersionBase: with `time` a missing counter starts at Redis's clock in ms x 1000,
 * above anything it counted before it was lost). Returns the event's JSON text.
 * The JSON is assembled by concatenation rather than cjson so the publisher's data reaches
 * subscribers byte for byte (cjson would turn [] into {} and round numbers).
 */
const PUBLISH = `
if ARGV[8] == 'time' and redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  redis.call('SET', KEYS[1], string.format('%d', (tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)) * 1000))
end
local v = redis.call('INCR', KEYS[1])
local ev = '{"t":"ev","topic":' .. ARGV[2] .. ',"v":' .. string.format('%d', v) .. ',"type":' .. ARGV[3] .. ',"data":' .. ARGV[4] .. '}'
redis.call('LPUSH', KEYS[2], ev)
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[5]) - 1)
redis.call('EXPIRE', KEYS[2], ARGV[6])
redis.call('EXPIRE', KEYS[1], ARGV[7])
redis.call('PUBLISH', ARGV[1], ev)
return ev
`;

/**
 * KEYS: version key, history key. ARGV: since, history size.
 * Returns { current, 'ok', newest..oldest events after since } or { current, 'gap' }.
 * Reading the counter and the list in one script means the answer is one consistent cut.
 */
const SINCE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local since = tonumber(ARGV[1])
if since == current then return { current, 'ok' } end
local n = current - since
if n < 0 or n > tonumber(ARGV[2]) then return { current, 'gap' } end
local items = redis.call('LRANGE', KEYS[2], 0, n - 1)
if #items < n then return { current, 'gap' } end
return { current, 'ok', unpack(items) }
`;

export interface LuaScript {
  text: string;
  sha: string;
}

function script(text: string): LuaScript {
  return { text, sha: crypto.createHash('sha1').update(text).digest('hex') };
}

export const SCRIPTS = { publish: script(PUBLISH), since: script(SINCE) } as const;

/** EVALSHA, falling back to EVAL once when the server has not cached the script (first use, restart). */
export async function runScript(
  redis: Redis,
  s: LuaScript,
  keys: string[],
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(s.sha, keys.length, ...keys, ...args);
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('NOSCRIPT')) {
      return redis.eval(s.text, keys.length, ...keys, ...args);
    }
    throw err;
  }
}
