import type { Clock } from '../../platform/clock.ts';
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
  constructor(
    private readonly stores: SweptStores,
    private readonly clock: Clock,
  ) {}

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
