import type { FastifyBaseLogger } from 'fastify';
import { PLAY_TEXTS, TEXTS } from '@rush/domain';
import { LocalRateCounter, type RateCounter } from './rate-counter.ts';
import {
  decide,
  SOCKET_RATE_WINDOW_MS,
  windowAt,
  type RateDecision,
  type SocketRate,
  type SocketRateClass,
} from './socket-rates.ts';

/** Who a socket counts as: the signed-in user; a visitor has only its socket's budgets. */
export interface RateSubject {
  readonly id: string;
  readonly userId: string | null;
}

export interface SocketRateLimiterOptions {
  rates: Record<SocketRateClass, SocketRate>;
  now: () => number;
  /** The per-user counter: in Redis when REDIS_URL is set, so every instance spends one budget. */
  shared: RateCounter;
  log: FastifyBaseLogger;
}

/**
 * Issue 33: counts every command, subscription and presence frame before any work is done for
 * it. The per-socket count is synchronous (in memory, before the frame is even queued), so a
 * flood is refused without touching the database or Redis; the per-user count follows in the
 * socket's queue.
 */
export class SocketRateLimiter {
  private readonly perSocket = new LocalRateCounter();
  private warnedWindow = -1;

  constructor(private readonly opts: SocketRateLimiterOptions) {}

  socket(subject: RateSubject, cls: SocketRateClass): RateDecision {
    const now = this.opts.now();
    const { index } = windowAt(now);
    return decide(this.perSocket.hit(`${cls}:${subject.id}`, index), this.opts.rates[cls].socket, now);
  }

  async user(subject: RateSubject, cls: SocketRateClass): Promise<RateDecision> {
    // A visitor can only watch (chat needs an account), and its visitor key is shared by everyone
    // behind one address with the same browser: a school watching a game would share one budget
    // and lose its subscriptions. Its socket's budgets hold it.
    if (subject.userId === null) return { allowed: true };
    const now = this.opts.now();
    const { index } = windowAt(now);
    let count: number;
    try {
      count = await this.opts.shared.hit(`${cls}:u:${subject.userId}`, index, SOCKET_RATE_WINDOW_MS);
    } catch (err) {
      // Redis unreachable: serve, as the API limit does (skipOnError); the per-socket budget
      // still holds. Logged once a window: a flood meanwhile must not become a log flood.
      if (this.warnedWindow !== index) {
        this.warnedWindow = index;
        this.opts.log.warn({ err }, 'socket rate counter unavailable; per-user budgets skipped');
      }
      return { allowed: true };
    }
    return decide(count, this.opts.rates[cls].user, now);
  }
}

/** The text of a refusal: chat lines get a chat sentence, everything else the API's 429 text. */
export function refusalText(cls: SocketRateClass, retryAfterSeconds: number): string {
  return cls === 'chat' ? PLAY_TEXTS.chatTooFast(retryAfterSeconds) : TEXTS.rateLimitedRetryIn(retryAfterSeconds);
}
