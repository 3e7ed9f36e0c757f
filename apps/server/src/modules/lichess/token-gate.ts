import crypto from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { LichessRateLimitedError } from './errors.ts';

/** At least this long without a request on a token after a 429 (lichess-api.yaml "Rate limiting"). */
export const RATE_LIMIT_PAUSE_MS = 60_000;

/**
 * The request discipline per Lichess token (lichess-api.yaml "Rate limiting": "Only make one
 * request at a time"; on 429 wait a minute):
 * - one request in flight per token: tasks run one after another, in arrival order;
 * - after a 429, every task of that token is refused with LichessRateLimitedError until the
 *   pause is over, without sending anything (tasks already queued too).
 * Tokens are keyed by a hash, so the maps never hold a token. Requests without a token (the
 * token endpoint, exports) share one anonymous key.
 */
export class TokenGate {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly pauseMs = RATE_LIMIT_PAUSE_MS,
  ) {}

  static keyOf(token: string | null): string {
    return token === null ? 'anonymous' : crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22);
  }

  /** Runs `task` when it is this token's turn, unless the token is paused. */
  run<T>(token: string | null, task: () => Promise<T>): Promise<T> {
    const key = TokenGate.keyOf(token);
    const turn = () => {
      this.assertOpen(key);
      return task();
    };
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(turn, turn);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      // The last task of a burst removes the entry: the map is as small as the live work.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** A 429 was answered: no request before now + max(pause, Retry-After). */
  pause(token: string | null, retryAfterMs = 0): Date {
    const key = TokenGate.keyOf(token);
    const now = this.clock.now().getTime();
    // Forget pauses that are over, so tokens never used again do not stay in the map.
    for (const [k, t] of this.blockedUntil) if (t <= now) this.blockedUntil.delete(k);
    const until = now + Math.max(this.pauseMs, retryAfterMs);
    this.blockedUntil.set(key, Math.max(until, this.blockedUntil.get(key) ?? 0));
    return new Date(this.blockedUntil.get(key)!);
  }

  /** When the token may be used again, or null when it may be used now. */
  retryAt(token: string | null): Date | null {
    const key = TokenGate.keyOf(token);
    const until = this.blockedUntil.get(key);
    if (until === undefined) return null;
    if (this.clock.now().getTime() >= until) {
      this.blockedUntil.delete(key);
      return null;
    }
    return new Date(until);
  }

  private assertOpen(key: string): void {
    const until = this.blockedUntil.get(key);
    if (until === undefined) return;
    if (this.clock.now().getTime() < until) throw new LichessRateLimitedError(new Date(until));
    this.blockedUntil.delete(key);
  }

  /** Tokens with queued or running work (for tests and metrics). */
  get busy(): number {
    return this.tails.size;
  }
}
