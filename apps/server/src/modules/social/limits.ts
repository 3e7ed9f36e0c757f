import { TEXTS } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ThrottleRule, ThrottleStore } from '../accounts/index.ts';

/**
 * Issue 7 "messages and invites are rate-limited per user". The counters live in the database
 * (the accounts' throttle table, swept by its housekeeping), so the limit holds across
 * instances. Every attempt counts, accepted or refused: the limit is on what a user sends.
 */
export const SOCIAL_LIMITS = {
  /** 20 invitations a minute: far more than anyone types, few enough to stop a spam run. */
  invite: { maxFailures: 20, windowMs: 60_000, lockMs: 60_000 },
  /** 30 messages in 10 s. */
  message: { maxFailures: 30, windowMs: 10_000, lockMs: 10_000 },
} as const satisfies Record<string, ThrottleRule>;

export type SocialLimit = keyof typeof SOCIAL_LIMITS;

export class SocialLimiter {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt before the work, atomically (parallel sends cannot all pass a check made
   * before any was counted); refuses with 429 once the user has used up the window.
   */
  async take(kind: SocialLimit, uid: string): Promise<void> {
    const allowed = await this.store.take(`social:${kind}:${uid}`, SOCIAL_LIMITS[kind], this.clock.now());
    if (!allowed) throw new AppError('RATE_LIMITED', TEXTS.rateLimited);
  }
}
