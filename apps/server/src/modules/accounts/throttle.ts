import { MAIL_SPACING_MS, TEXTS, formatRetryWait, type AttemptPolicy } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ThrottleStore } from './throttle.store.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * Brute-force limits on password checks, as growing delays (domain `attemptDelayMs`) rather than
 * locks. Three keys per login so that neither one address against one account, nor a botnet
 * against one account, nor one address against many accounts gets far.
 */
export const LOGIN_POLICIES = {
  /** One account from one address: the common case of guessing. A success forgives it. */
  accountIp: { freeAttempts: 5, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE },
  /** One address against any account: credential stuffing. */
  ip: { freeAttempts: 50, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE },
  /**
   * One account from anywhere (a distributed guess) when no captcha is configured: a short
   * ceiling, so however many addresses guess, the owner waits seconds, never a lockout.
   */
  accountDelay: { freeAttempts: 20, firstDelayMs: SECOND, maxDelayMs: 30 * SECOND },
  /** The same with a captcha configured: only counted; past ACCOUNT_CAPTCHA_AFTER a captcha is needed. */
  accountCount: { freeAttempts: Number.MAX_SAFE_INTEGER, firstDelayMs: 0, maxDelayMs: 0 },
} as const satisfies Record<string, AttemptPolicy>;

/** Attempts on one account from anywhere after which its logins need a solved captcha (when configured). */
export const ACCOUNT_CAPTCHA_AFTER = 20;

/** Current-password checks in the settings (a stolen session must not become a guessing oracle). */
export const CURRENT_PASSWORD_POLICY: AttemptPolicy = {
  freeAttempts: 5,
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
};

/** A counter with no attempt for this long starts over. */
export const ATTEMPTS_FORGET_MS = DAY;

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

const currentPasswordKey = (userId: string) => `pwcheck:${userId}`;

/** The 429 of a refused attempt, naming the wait (routes also send it as Retry-After: retry-after.ts). */
export class AttemptsRefused extends AppError {
  constructor(
    readonly retryAfterMs: number,
    message: string = TEXTS.tooManyAttemptsWait(formatRetryWait(retryAfterMs)),
  ) {
    super('TOO_MANY_ATTEMPTS', message);
  }
}

export function tooManyAttempts(retryAfterMs: number): AttemptsRefused {
  return new AttemptsRefused(retryAfterMs);
}

/** A verification mail asked for within the minute of the last one: nothing sent, the wait named. */
export function verificationMailRefused(retryAfterMs: number): AttemptsRefused {
  return new AttemptsRefused(retryAfterMs, TEXTS.verificationMailWait(formatRetryWait(retryAfterMs)));
}

/**
 * Counts one attempt on `key` before the work it guards (a provider call, an image decode), or
 * refuses with the wait (429, AttemptsRefused): the one way a per-user throttle is taken.
 */
export async function reserveAttempt(
  store: ThrottleStore,
  key: string,
  policy: AttemptPolicy,
  now: Date,
  forgetAfterMs: number = ATTEMPTS_FORGET_MS,
): Promise<void> {
  const r = await store.reserve([{ key, policy }], now, forgetAfterMs);
  if (!r.allowed) throw tooManyAttempts(r.retryAfterMs);
}

export class LoginThrottle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly clock: Clock,
    /** With a captcha the account-wide step asks for one; without, it is a short delay. */
    private readonly captchaEnabled: boolean,
  ) {}

  /**
   * Counts this login attempt before the password is verified (throws the 429 when a key is
   * still waiting). Answers whether the account-wide step wants a captcha.
   */
  async reserveLogin(keys: LoginKeys): Promise<{ captchaNeeded: boolean }> {
    const account = this.captchaEnabled ? LOGIN_POLICIES.accountCount : LOGIN_POLICIES.accountDelay;
    const r = await this.store.reserve(
      [
        { key: keys.accountIp, policy: LOGIN_POLICIES.accountIp },
        { key: keys.ip, policy: LOGIN_POLICIES.ip },
        { key: keys.account, policy: account },
      ],
      this.clock.now(),
      ATTEMPTS_FORGET_MS,
    );
    if (!r.allowed) throw tooManyAttempts(r.retryAfterMs);
    return { captchaNeeded: this.captchaEnabled && (r.counts[keys.account] ?? 0) > ACCOUNT_CAPTCHA_AFTER };
  }

  /**
   * A success forgives the account+address counter, and gives its attempt back to the shared
   * ones (an office behind one address logs in all day); other addresses' guesses still count.
   */
  async loginSucceeded(keys: LoginKeys): Promise<void> {
    await this.store.clear(keys.accountIp);
    await this.store.release(keys.ip);
    await this.store.release(keys.account);
  }

  /** Lifts every login delay of the account (the owner proved control of the mailbox). */
  async clearAccount(userId: string): Promise<void> {
    const keys = loginKeys(userId, '');
    await this.store.clear(keys.account);
    await this.store.clearPrefix(keys.accountIp); // `login:ai:{uid}:` + any address
    await this.store.clear(currentPasswordKey(userId));
  }

  /** Counts a current-password check (password change, recovery email) before it is verified. */
  reserveCurrentPassword(userId: string): Promise<void> {
    return reserveAttempt(this.store, currentPasswordKey(userId), CURRENT_PASSWORD_POLICY, this.clock.now());
  }

  /** True at most once per `spacingMs` for `key` (mails sent on a stranger's request). */
  async allowOnce(key: string, spacingMs: number): Promise<boolean> {
    const policy = { freeAttempts: 1, firstDelayMs: spacingMs, maxDelayMs: spacingMs };
    const r = await this.store.reserve([{ key, policy }], this.clock.now(), ATTEMPTS_FORGET_MS);
    return r.allowed;
  }

  /**
   * Counts an asked-for verification mail before it is sent: one a minute per account, so two
   * Resend clicks at once send one mail; the other is told when the next may go.
   */
  async reserveVerificationMail(userId: string): Promise<void> {
    const policy = { freeAttempts: 1, firstDelayMs: MAIL_SPACING_MS, maxDelayMs: MAIL_SPACING_MS };
    const r = await this.store.reserve([{ key: `verifymail:${userId}`, policy }], this.clock.now(), MAIL_SPACING_MS);
    if (!r.allowed) throw verificationMailRefused(r.retryAfterMs);
  }

  async currentPasswordSucceeded(userId: string): Promise<void> {
    await this.store.clear(currentPasswordKey(userId));
  }
}
