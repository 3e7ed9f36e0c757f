import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { TEXTS } from '@rush/domain';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { closeCountersConnection, createCountersConnection } from '../realtime/redis-counters.ts';
import { rateClassOf, type RateClass } from './rate-limit-classes.ts';

/** Prefix of the counters in Redis; the class and the user or address follow. */
export const RATE_LIMIT_REDIS_PREFIX = 'rush:rl:';
/** The sockets' per-user budgets (issue 33), beside the API's: class, user and window follow. */
export const SOCKET_RATE_REDIS_PREFIX = `${RATE_LIMIT_REDIS_PREFIX}ws:`;
const WINDOW_MS = 60_000;

/**
 * The API rate limit (@fastify/rate-limit): per route class (rate-limit-classes.ts), keyed by
 * the signed-in user, or by address for visitors only, so people sharing a NAT or an office
 * do not share one budget. Counters live in Redis when REDIS_URL is set, so the limit holds
 * across instances; in memory otherwise. Past the limit: 429 RATE_LIMITED with Retry-After.
 */
export async function installRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const perMinute: Record<RateClass, number> = config.rateLimits;
  const classOf = (req: FastifyRequest) => rateClassOf(req.method, req.routeOptions.url);
  const redis = config.redisUrl ? createCountersConnection(config.redisUrl, app.log) : undefined;

  await app.register(rateLimit, {
    global: true,
    // A route-level onRequest hook runs after the root's onRequest hooks, among them the
    // accounts module's session resolution: request.auth is known here, and a refused request
    // still costs no body parsing.
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    allowList: (req) => classOf(req) === null,
    keyGenerator: (req) => {
      // request.auth is decorated by the accounts module for every /api request.
      const uid = req.auth?.user.id;
      // No address when the client hung up before this hook (behind a proxy, before its header).
      return `${classOf(req)}:${uid ? `u:${uid}` : `ip:${req.ip ? normalizeIP(req.ip) : 'gone'}`}`;
    },
    max: (req) => perMinute[classOf(req) ?? 'read'],
    redis,
    nameSpace: RATE_LIMIT_REDIS_PREFIX,
    // Redis unreachable: serve rather than fail every API call; the login and message
    // throttles in the database still hold.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', TEXTS.rateLimitedRetryIn(Math.max(1, Math.ceil(ctx.ttl / 1000)))),
  });
  if (redis) app.addHook('onClose', () => closeCountersConnection(redis));
}
