import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { realTimer, type Timer } from './debounce.ts';
import type { OAuthStateStore } from './oauth.store.ts';
import type { PresenceStore } from './presence.store.ts';
import type { SessionStore } from './sessions.store.ts';
import type { AccountStore } from './store.ts';
import type { ThrottleStore } from './throttle.store.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const SWEEP_EVERY_MS = 10 * MINUTE;

export interface SweptStores {
  accounts: AccountStore;
  sessions: SessionStore;
  throttle: ThrottleStore;
  states: OAuthStateStore;
  presence: PresenceStore;
}

/**
 * Deletes rows nobody can use any more. Pure housekeeping: every rule (expiry, lock, window)
 * is checked against the clock when a row is read, so a sweep that never runs changes no
 * answer, only the table sizes. Any instance may sweep; the deletes are idempotent.
 */
export class Sweeper {
  private handle: unknown = null;

  constructor(
    private readonly stores: SweptStores,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly timer: Timer = realTimer,
  ) {}

  start(): void {
    const tick = () => {
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'accounts sweep failed'));
      this.handle = this.timer.setTimeout(tick, SWEEP_EVERY_MS);
    };
    this.handle = this.timer.setTimeout(tick, SWEEP_EVERY_MS);
  }

  stop(): void {
    if (this.handle !== null) this.timer.clearTimeout(this.handle);
    this.handle = null;
  }

  async sweep(): Promise<void> {
    const now = this.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await this.stores.sessions.deleteExpired(now);
    await this.stores.throttle.deleteStale(ago(DAY), now);
    await this.stores.states.deleteOlderThan(ago(10 * MINUTE));
    await this.stores.accounts.deleteStaleEmailTokens(ago(DAY));
    await this.stores.presence.deleteStaleVisitors(ago(DAY));
  }
}
