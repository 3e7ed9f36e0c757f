import type { FastifyReply } from 'fastify';
import { AttemptsRefused } from './throttle.ts';

/**
 * Runs a route's work; a refused password attempt also names its wait in `Retry-After` (whole
 * seconds, rounded up), so clients can wait without parsing the message.
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AttemptsRefused)
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
    throw err;
  }
}
