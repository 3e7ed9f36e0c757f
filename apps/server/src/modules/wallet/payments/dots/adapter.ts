import { ONBOARDING_TEXTS } from '@rush/domain';
import type { Clock } from '../../../../platform/clock.ts';
import type { Db } from '../../../../platform/db/database.ts';
import {
  NotificationRejected,
  PayoutRefused,
  ProviderUnavailable,
  type CheckoutCreated,
  type CheckoutRequest,
  type DepositAtProvider,
  type DepositOutcome,
  type PaymentNotification,
  type PayoutAtProvider,
  type PayoutOutcome,
  type PaymentsPort,
  type PayoutRequest,
  type ProviderUserInput,
  type ProviderUserState,
  type VerifyResult,
} from '../port.ts';
import { DotsUserStore } from './dots-users.store.ts';
import { DotsHttp, DotsRefused, DotsUnavailable, providerText, type DotsHttpOptions } from './http.ts';
import { centsFromWire, centsToWire } from './money.ts';
import type { DotsSettings } from '../../../../platform/config/dots.ts';
import { svixVerify } from './svix.ts';
import { DotsBadAnswer, idempotencyKey, inIframe, parse } from './answers.ts';
import { readDeposit } from './deposits.ts';
import { readPayout } from './payouts.ts';
import {
  CheckoutSession,
  CreatedUser,
  DOTS_PATHS,
  DotsUser,
  FlowAnswer,
  DotsApp,
  PaymentIntent,
  Transfer,
  WebhookEvent,
} from './wire.ts';

/** Test hooks: shorter timeouts and backoff (production keeps SPEC 9's 6 s). */
export type DotsClientOptions = Pick<DotsHttpOptions, 'timeoutMs' | 'retries' | 'backoffMs'>;

/**
 * The Dots wallet provider (SPEC 7 DOTS) behind the payments port. Our ledger stays the truth:
 * a signed webhook only says "look again"; a deposit is credited when its checkout session's
 * payment intent succeeded and its transfer into the app completed (deposits.ts), a payout is
 * resolved from the transfer Dots made for it (payouts.ts). Which Dots user belongs to which of
 * ours is kept in `dots_users`.
 */
export class DotsPayments implements PaymentsPort {
  readonly name = 'dots';
  private readonly http: DotsHttp;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: DotsSettings,
    options: DotsClientOptions = {},
    /** Where the checkout page sends the payer back (APP_URL). */
    private readonly appUrl = 'http://localhost',
    private readonly checkoutTtlMs = 30 * 60_000,
  ) {
    this.http = new DotsHttp({
      baseUrl: settings.url,
      clientId: settings.clientId,
      apiKey: settings.apiKey,
      ...options,
    });
  }

  async createUser(input: ProviderUserInput): Promise<{ verificationId: string }> {
    if (!/^\d{10}$/.test(input.phoneNumber)) throw new DotsRefused(400, 'phone_number must be ten digits', null);
    // Not retried: a create that timed out may have created the user; the user presses again.
    const res = await this.http.post(DOTS_PATHS.createUser, {
      email: input.email,
      country_code: dialCode(input.countryCode),
      phone_number: input.phoneNumber,
      first_name: input.firstName,
      last_name: input.lastName,
      // Optional at Dots ("a random username will be generated" when blank): null is left out.
      ...(input.username ? { username: input.username } : {}),
      metadata: { uid: input.uid },
    });
    const user = parse(CreatedUser, res.body, 'create user');
    await new DotsUserStore(this.db).pending(input.uid, user.id, this.clock.now());
    return { verificationId: user.id };
  }

  async sendVerificationCode(verificationId: string, channel: 'sms' | 'voice'): Promise<void> {
    // Not retried: a second attempt would text (or call) a second time. SMS is Dots' default,
    // so the body names the channel only for a call.
    await this.http.post(DOTS_PATHS.sendToken(verificationId), channel === 'voice' ? { use_voice: true } : {});
  }

  async verifyUser(input: { verificationId: string; verificationToken: string }): Promise<VerifyResult> {
    try {
      // 200 without a body: the user is verified, and its id is the one we verified.
      await this.http.post(DOTS_PATHS.verifyUser(input.verificationId), { token: input.verificationToken });
    } catch (e) {
      // SPEC 4: "Verify failure shows the returned error" — the published refusal is the 400,
      // its text shown as is. Any other status (our credentials, an unknown user) is not the
      // user's typing: it is an error, never shown as a wrong code.
      if (e instanceof DotsRefused && e.status === 400) {
        return { ok: false, error: providerText(e.body) ?? ONBOARDING_TEXTS.codeRefused };
      }
      throw e;
    }
    const known = await new DotsUserStore(this.db).verified(
      input.verificationId,
      input.verificationId,
      this.clock.now(),
    );
    if (!known) throw new DotsBadAnswer('a verification this server never started');
    return { ok: true, providerUserId: input.verificationId };
  }

  async userState(uid: string): Promise<ProviderUserState> {
    const row = await new DotsUserStore(this.db).find(uid);
    if (!row) return { state: 'none' };
    if (row.dotsUserId) return { state: 'verified', providerUserId: row.dotsUserId };
    return { state: 'verify', verificationId: row.verificationId };
  }

  async walletInfo(providerUserId: string): Promise<{ amount: bigint }> {
    const user = parse(DotsUser, (await this.http.get(DOTS_PATHS.user(providerUserId))).body, 'user');
    return { amount: centsFromWire(user.wallet.amount) };
  }

  /**
   * "Retrieve an App": `metrics.wallet_balance`, published as a string without its unit. Read as
   * dollars when it has a decimal point ("1234.56"), else as cents like every other Dots amount;
   * a wrong guess only makes the reconciliation report a difference, it moves no money.
   */
  async platformBalance(): Promise<bigint | null> {
    if (!this.settings.appId) return null;
    const app = parse(DotsApp, (await this.http.get(DOTS_PATHS.app(this.settings.appId))).body, 'app');
    const v = app.metrics.wallet_balance.trim();
    const dollars = /^(-?)(\d{1,15})\.(\d{1,2})$/.exec(v);
    if (dollars) {
      const cents = BigInt(dollars[2]!) * 100n + BigInt(dollars[3]!.padEnd(2, '0'));
      return dollars[1] ? -cents : cents;
    }
    if (/^-?\d{1,17}$/.test(v)) return BigInt(v);
    throw new DotsBadAnswer('app wallet_balance');
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const dotsUserId = await this.verifiedUser(request.uid);
    const back = `${this.appUrl}/wallet`;
    // Not retried: Dots publishes no idempotency key for checkout sessions, and a second session
    // would be a second page to pay. An unanswered one expires unpaid; the user presses again.
    const res = await this.http.post(DOTS_PATHS.checkoutSessions, {
      line_items: [
        {
          price_data: {
            currency: 'usd',
            amount: centsToWire(request.amount),
            product_data: { name: 'Wallet deposit' },
          },
          quantity: 1,
        },
      ],
      mode: 'payment',
      user_id: dotsUserId,
      client_reference_id: request.reference,
      success_url: back,
      cancel_url: back,
      // Dots' range is 0 < x < 10800 seconds; ours is the checkout's reservation under the cap.
      expires_in: Math.floor(this.checkoutTtlMs / 1000),
      metadata: { reference: request.reference },
    });
    const session = parse(CheckoutSession, res.body, 'checkout session');
    if (!session.checkout_session_url) throw new DotsBadAnswer('checkout session without a URL');
    return {
      providerRef: session.id,
      url: inIframe(session.checkout_session_url),
      providerPayment: session.payment_intent_id ?? null,
    };
  }

  depositOutcome(deposit: DepositAtProvider): Promise<DepositOutcome> {
    return unavailableAsPort(() => readDeposit(this.http, deposit));
  }

  async payoutOutcome(payout: PayoutAtProvider): Promise<PayoutOutcome> {
    const dotsUserId = (await new DotsUserStore(this.db).find(payout.uid))?.dotsUserId;
    if (!dotsUserId) return { state: 'unknown' };
    return unavailableAsPort(() => readPayout(this.http, dotsUserId, payout));
  }

  async withdrawLink(uid: string): Promise<string | null> {
    const dotsUserId = await this.verifiedUser(uid);
    // Not retried: each call makes a flow; a lost one is harmless but a retry storm is not useful.
    const res = await this.http.post(DOTS_PATHS.flows, { steps: ['manage-payouts'], user_id: dotsUserId });
    return inIframe(parse(FlowAnswer, res.body, 'withdraw-money flow').link);
  }

  async requestPayout(request: PayoutRequest): Promise<{ providerRef: string }> {
    const dotsUserId = (await new DotsUserStore(this.db).find(request.uid))?.dotsUserId;
    if (!dotsUserId) throw new PayoutRefused('no verified Dots user');
    // Retried under one idempotency key after a timeout or a 5xx. Whatever a retry answers (Dots
    // publishes no status for a reused key: "Transfers with existing idempotency keys will be
    // rejected"), the error reaches the caller as ambiguous: the payout may exist, so the money
    // stays held until payoutOutcome finds it (or finds none and it goes out again).
    const res = await this.http.post(
      DOTS_PATHS.payouts,
      {
        user_id: dotsUserId,
        // What reaches the user: the Canadian fee stays with the platform.
        amount: centsToWire(request.payout),
        platform: 'default',
        // From the app's Dots wallet to the user's, then out ("The funds are returned if the payout does not succeed").
        fund: true,
        idempotency_key: idempotencyKey('payout', request.reference),
        metadata: { reference: request.reference },
      },
      true,
    );
    return { providerRef: parse(Transfer, res.body, 'payout').id };
  }

  async verifyNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<PaymentNotification> {
    const check = svixVerify(this.settings.webhookSecret, rawBody, headers, this.clock.now());
    if (!check.ok) throw new NotificationRejected(`signature ${check.reason}`);
    const ignored = { id: check.id, type: 'ignored', reference: null } as const;
    // Authentic from here on: anything we cannot use is acknowledged (2xx) so Dots does not
    // deliver it again for nothing; the caller logs it.
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return ignored;
    }
    const event = WebhookEvent.safeParse(json);
    if (!event.success) return ignored;
    const users = new DotsUserStore(this.db);
    try {
      if (event.data.event === 'transfer.updated' && event.data.transfer_id) {
        const t = await this.readOrNull(Transfer, DOTS_PATHS.transfer(event.data.transfer_id), 'transfer');
        const uid = t?.user_id ? await users.uidOf(t.user_id) : null;
        if (!t || !uid) return ignored;
        if (t.type === 'payout') {
          const reference = typeof t.metadata?.reference === 'string' ? t.metadata.reference : null;
          return { id: check.id, type: 'payout.check', uid, reference };
        }
        return { id: check.id, type: 'deposit.check', uid, payment: null, reference: null };
      }
      if (event.data.event === 'payment_intent.updated' && event.data.payment_intent_id) {
        const intent = await this.readOrNull(
          PaymentIntent,
          DOTS_PATHS.paymentIntent(event.data.payment_intent_id),
          'payment intent',
        );
        if (!intent) return ignored;
        const uid = intent.user_id ? await users.uidOf(intent.user_id) : null;
        return { id: check.id, type: 'deposit.check', uid, payment: intent.id, reference: null };
      }
    } catch (e) {
      if (e instanceof DotsBadAnswer) return ignored;
      throw new ProviderUnavailable('the object could not be read from Dots', { cause: e });
    }
    return ignored;
  }

  /** An object a webhook names, or null when Dots does not know it (404: not ours to act on). */
  private async readOrNull<T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    path: string,
    what: string,
  ): Promise<T | null> {
    try {
      return parse(schema, (await this.http.get(path)).body, what);
    } catch (e) {
      if (e instanceof DotsRefused && e.status === 404) return null;
      throw e;
    }
  }

  private async verifiedUser(uid: string): Promise<string> {
    const row = await new DotsUserStore(this.db).find(uid);
    if (!row?.dotsUserId) throw new DotsRefused(409, 'no verified Dots user', null);
    return row.dotsUserId;
  }
}

/** Dots unreachable or failing: the port's ProviderUnavailable, so the wallet asks again later. */
async function unavailableAsPort<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof DotsUnavailable) throw new ProviderUnavailable('Dots could not answer', { cause: e });
    throw e;
  }
}

/** Dots' phone country code, digits without the plus (docs: "'1' for the US"); Canada is +1 too. */
function dialCode(code: string): string {
  const c = code.trim().toUpperCase();
  if (c === 'US' || c === 'CA') return '1';
  const digits = c.replace(/^\+/, '');
  if (!/^\d{1,3}$/.test(digits)) throw new DotsRefused(400, 'country_code must be a phone country code', null);
  return digits;
}
