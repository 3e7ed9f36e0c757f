import { canSubmitCode, checkWalletCreate, ONBOARDING_TEXTS, TEXTS, type AttemptPolicy } from '@rush/domain';
import type { CodeChannel, WalletCreateRequest, WalletOnboardingView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { reserveAttempt, ThrottleStore } from '../accounts/index.ts';
import { OnboardingStore, type OnboardingRow } from './onboarding.store.ts';
import type { PaymentsPort } from './payments/port.ts';

/**
 * Every SMS costs money and lands on a phone that may not be the player's: three texts back to
 * back (a typo, a slow network), then a wait from a minute doubling to an hour. Counted before
 * the provider is asked; a day without texts starts over.
 */
export const SMS_POLICY: AttemptPolicy = { freeAttempts: 3, firstDelayMs: 60_000, maxDelayMs: 60 * 60_000 };
const SMS_FORGET_MS = 24 * 60 * 60_000;
/**
 * One create at a time per user: a second one while the first is with the provider (a double
 * click, two tabs) would make a second provider user. The claim lapses on its own if the
 * process dies holding it.
 */
const CREATE_CLAIM: AttemptPolicy = { freeAttempts: 1, firstDelayMs: 30_000, maxDelayMs: 30_000 };

const smsKey = (uid: string) => `wallet:sms:${uid}`;
const createKey = (uid: string) => `wallet:create:${uid}`;

/** The country code of every phone the provider takes from us (US and Canada, SPEC 1). */
const PHONE_COUNTRY_CODE = '1';

const viewOf = (row: OnboardingRow | null): WalletOnboardingView =>
  !row
    ? { step: 'create', phoneLast4: null }
    : { step: row.providerUserId ? 'verified' : 'verify', phoneLast4: row.phoneLast4 };

/**
 * SPEC 4 wallet flow, the provider's part: the create form (validated by the domain's rules,
 * the e-mail always the account's) makes the provider user and sends an SMS code; the verify
 * form's code is the provider's to judge, and its refusal text is shown as is. Deposits and
 * withdrawals need a verified provider user (requireVerified).
 */
export class WalletOnboarding {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentsPort,
  ) {}

  async view(uid: string): Promise<WalletOnboardingView> {
    return viewOf(await new OnboardingStore(this.db).find(uid));
  }

  async create(user: { id: string; email: string }, body: WalletCreateRequest): Promise<WalletOnboardingView> {
    const store = new OnboardingStore(this.db);
    const row = await store.find(user.id);
    if (row?.providerUserId) return viewOf(row);
    const checked = checkWalletCreate(body);
    if (!checked.ok) throw new AppError('VALIDATION', Object.values(checked.errors)[0]!, checked.errors);
    const { input } = checked;
    const throttle = new ThrottleStore(this.db);
    await this.reserve(throttle, createKey(user.id), CREATE_CLAIM);
    try {
      await this.reserve(throttle, smsKey(user.id), SMS_POLICY);
      const { verificationId } = await this.payments.createUser({
        uid: user.id,
        email: user.email,
        countryCode: PHONE_COUNTRY_CODE,
        phoneNumber: input.phoneNumber,
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.nickname,
      });
      await this.payments.sendVerificationCode(verificationId, 'sms');
      await store.started(user.id, verificationId, input.phoneNumber.slice(-4), this.clock.now());
    } finally {
      await throttle.clear(createKey(user.id));
    }
    return this.view(user.id);
  }

  /** Counts one attempt on `key` before the work, or refuses with the wait (429). */
  private reserve(throttle: ThrottleStore, key: string, policy: AttemptPolicy): Promise<void> {
    return reserveAttempt(throttle, key, policy, this.clock.now(), SMS_FORGET_MS);
  }

  /** The code again, by SMS or by a voice call; either counts against the same SMS budget. */
  async resend(uid: string, channel: CodeChannel = 'sms'): Promise<WalletOnboardingView> {
    const row = await new OnboardingStore(this.db).find(uid);
    if (!row) throw new AppError('CONFLICT', TEXTS.walletNotVerified);
    if (!row.providerUserId) {
      await this.reserve(new ThrottleStore(this.db), smsKey(uid), SMS_POLICY);
      await this.payments.sendVerificationCode(row.verificationId, channel);
    }
    return viewOf(row);
  }

  async verify(uid: string, code: string): Promise<WalletOnboardingView> {
    const store = new OnboardingStore(this.db);
    const row = await store.find(uid);
    if (!row) throw new AppError('CONFLICT', TEXTS.walletNotVerified);
    if (row.providerUserId) return viewOf(row);
    if (!canSubmitCode(code)) throw new AppError('VALIDATION', ONBOARDING_TEXTS.codeRequired);
    const result = await this.payments.verifyUser({
      verificationId: row.verificationId,
      verificationToken: code.trim(),
    });
    // SPEC 4: "Verify failure shows the returned error".
    if (!result.ok) throw new AppError('BAD_REQUEST', result.error);
    await store.verified(uid, result.providerUserId, this.clock.now());
    return this.view(uid);
  }

  /** Money through the provider needs a verified provider user. */
  async requireVerified(uid: string): Promise<void> {
    if ((await this.view(uid)).step !== 'verified') throw new AppError('FORBIDDEN', TEXTS.walletNotVerified);
  }
}
