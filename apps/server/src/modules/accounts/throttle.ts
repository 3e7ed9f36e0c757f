import type { Clock } from '../../platform/clock.ts';
import type { ThrottleRule, ThrottleStore } from './throttle.store.ts';

const MINUTE = 60_000;

/**
 * Brute-force limits on password checks. Three keys per attempt so that neither a botnet
 * against one account nor one address against many accounts gets far, while the owner's own
 * typos from their own address (the first key) are forgiven by a successful login.
 */
export const LOGIN_RULES = {
  /** One account from one address: the common case of guessing. */
  accountIp: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One account from anywhere: a distributed guess. */
  account: { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** One address against any account: credential stuffing. */
  ip: { maxFailures: 50, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/** Current-password checks in the settings (a stolen session must not become a guessing oracle). */
export const CURRENT_PASSWORD_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

export interface LoginKeys {
  accountIp: string;
  account: string;
  ip: string;
}

/**
 * `account` is the user id when the identifier names an account, else the normalised
 * identifier, so unknown names are throttled alike and the answers tell nothing apart.
 */
export function loginKeys(account: string, ip: string): LoginKeys {
  return { accountIp: `login:ai:${account}:${ip}`, account: `login:a:${account}`, ip: `login:ip:${ip}` };
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
  ) {}

  async isLocked(keys: string[]): Promise<boolean> {
    return (await this.store.lockedUntil(keys, this.clock.now())) !== null;
  }

  async loginFailed(keys: LoginKeys): Promise<void> {
    const now = this.clock.now();
    await this.store.recordFailure(keys.accountIp, LOGIN_RULES.accountIp, now);
    await this.store.recordFailure(keys.account, LOGIN_RULES.account, now);
    await this.store.recordFailure(keys.ip, LOGIN_RULES.ip, now);
  }

  /** A success forgives the account+address counter only: other addresses' guesses still count. */
  async loginSucceeded(keys: LoginKeys): Promise<void> {
    await this.store.clear(keys.accountIp);
  }

  /** Lifts every login lock of the account (the owner proved control of the mailbox). */
  async clearAccount(userId: string): Promise<void> {
    const keys = loginKeys(userId, '');
    await this.store.clear(keys.account);
    await this.store.clearPrefix(keys.accountIp); // `login:ai:{uid}:` + any address
  }

  async failed(key: string, rule: ThrottleRule): Promise<void> {
    await this.store.recordFailure(key, rule, this.clock.now());
  }

  async clear(key: string): Promise<void> {
    await this.store.clear(key);
  }
}
