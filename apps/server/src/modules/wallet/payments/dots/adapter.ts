import crypto from 'node:crypto';
import { ONBOARDING_TEXTS } from '@rush/domain';
import type { Clock } from '../../../../platform/clock.ts';
import type { Db } from '../../../../platform/db/database.ts';
import {
  NotificationRejected,
  PayoutRefused,
  ProviderUnavailable,
  type CheckoutRequest,
  type PaymentNotification,
  type PaymentsPort,
  type PayoutRequest,
  type ProviderUserInput,
  type ProviderUserState,
  type VerifyResult,
} from '../port.ts';
import { DotsUserStore } from './dots-users.store.ts';
import { DotsHttp, DotsRefused, providerText, type DotsHttpOptions } from './http.ts';
import { centsFromWire, centsToWire } from './money.ts';
import type { DotsSettings } from './settings.ts';
import { svixVerify } from './svix.ts';
import {
  CreatedUser,
  DOTS_PATHS,
  DotsUser,
  FlowAnswer,
  LinkAnswer,
  PayoutAnswer,
  Transfer,
  WebhookEvent,
} from './wire.ts';

/** Test hooks: shorter timeouts and backoff (production keeps SPEC 9's 6 s). */
export type DotsClientOptions = Pick<DotsHttpOptions, 'timeoutMs' | 'retries' | 'backoffMs'>;

/** A Dots answer that does not have the published shape: treated as the provider being unavailable. */
export class DotsBadAnswer extends Error {
  constructor(what: string) {
    super(`unexpected Dots answer: ${what}`);
    this.name = 'DotsBadAnswer';
  }
}

/**
 * The Dots wallet provider (SPEC 7 DOTS) behind the payments port. Our ledger stays the truth:
 * a deposit is credited only from a signed `transfer.updated` webhook whose transfer, read back
 * from the API, is a completed payment carrying our deposit's reference; a payout is resolved
 * the same way. Which Dots user belongs to which of ours is kept in `dots_users`.
 */
export class DotsPayments implements PaymentsPort {
  readonly name = 'dots';
  private readonly http: DotsHttp;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: DotsSettings,
    options: DotsClientOptions = {},
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

  async createCheckout(request: CheckoutRequest): Promise<{ providerRef: string; url: string }> {
    const dotsUserId = await this.verifiedUser(request.uid);
    const res = await this.http.post(
      DOTS_PATHS.addMoneyLink,
      {
        user_id: dotsUserId,
        amount: centsToWire(request.amount),
        metadata: { reference: request.reference },
        idempotency_key: idempotencyKey('checkout', request.reference),
      },
      true,
    );
    const link = parse(LinkAnswer, res.body, 'add-money link').link;
    return { providerRef: link, url: inIframe(link) };
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
    const key = idempotencyKey('payout', request.reference);
    let res;
    try {
      res = await this.http.post(
        DOTS_PATHS.payouts,
        {
          user_id: dotsUserId,
          // What reaches the user: the Canadian fee stays with the platform.
          amount: centsToWire(request.payout),
          platform: 'default',
          // From the app's Dots wallet to the user's, then out; Dots returns it if the payout fails.
          fund: true,
          idempotency_key: key,
          metadata: { reference: request.reference, amount: String(request.amount) },
        },
        true,
      );
    } catch (e) {
      // Dots: "Transfers with existing idempotency keys will be rejected." A 409 on our key means
      // an earlier attempt (one whose answer we lost to a timeout) was taken: the payout exists,
      // and its outcome arrives by webhook like any other. (The status code is not published; 409
      // is the conflict answer the emulator gives.)
      if (e instanceof DotsRefused && e.status === 409) return { providerRef: `idempotency:${key}` };
      // Any other refusal (a user Dots no longer verifies, say) is final for this request.
      if (e instanceof DotsRefused) throw new PayoutRefused(`Dots refused the payout: ${e.message}`, { cause: e });
      throw e;
    }
    return { providerRef: parse(PayoutAnswer, res.body, 'payout').id };
  }

  async verifyNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<PaymentNotification> {
    const check = svixVerify(this.settings.webhookSecret, rawBody, headers, this.clock.now());
    if (!check.ok) throw new NotificationRejected(`signature ${check.reason}`);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const event = WebhookEvent.safeParse(json);
    if (!event.success) throw new NotificationRejected('unknown notification');
    if (event.data.event !== 'transfer.updated' || !event.data.transfer_id) {
      return { id: check.id, type: 'ignored', reference: null };
    }
    try {
      const res = await this.http.get(DOTS_PATHS.transfer(event.data.transfer_id));
      return notificationOf(check.id, parse(Transfer, res.body, 'transfer'));
    } catch (e) {
      if (e instanceof DotsRefused && e.status === 404) throw new NotificationRejected('unknown transfer');
      throw new ProviderUnavailable('the transfer could not be read from Dots', { cause: e });
    }
  }

  private async verifiedUser(uid: string): Promise<string> {
    const row = await new DotsUserStore(this.db).find(uid);
    if (!row?.dotsUserId) throw new DotsRefused(409, 'no verified Dots user', null);
    return row.dotsUserId;
  }
}

/**
 * A transfer as our notification. Payments (user -> app) settle deposits, payouts settle
 * withdrawals; the reference is the one we put in its metadata. States that are not final yet
 * (created, pending, flagged) and transfers that are not ours are acknowledged and ignored.
 */
export function notificationOf(id: string, t: Transfer): PaymentNotification {
  const reference = typeof t.metadata?.reference === 'string' ? t.metadata.reference : null;
  if (!reference) return { id, type: 'ignored', reference: null };
  const failed = t.status === 'failed' || t.status === 'canceled' || t.status === 'reversed';
  if (t.type === 'payment') {
    if (t.status === 'completed') return { id, type: 'checkout.paid', reference, amount: centsFromWire(t.amount) };
    if (failed) return { id, type: 'checkout.cancelled', reference };
  }
  if (t.type === 'payout' && (t.status === 'completed' || failed)) {
    // The withdrawal is matched on what the user asked for (metadata.amount), since the transfer
    // carries what reached them (the Canadian fee stays with us).
    const asked = t.metadata?.amount;
    return {
      id,
      type: t.status === 'completed' ? 'payout.completed' : 'payout.rejected',
      reference,
      amount: centsFromWire(asked ?? t.amount),
    };
  }
  return { id, type: 'ignored', reference: null };
}

/** Dots' phone country code, digits without the plus (docs: "'1' for the US"); Canada is +1 too. */
function dialCode(code: string): string {
  const c = code.trim().toUpperCase();
  if (c === 'US' || c === 'CA') return '1';
  const digits = c.replace(/^\+/, '');
  if (!/^\d{1,3}$/.test(digits)) throw new DotsRefused(400, 'country_code must be a phone country code', null);
  return digits;
}

/** SPEC 2: the provider's page opens in the 480 px modal with `iframe=true`. */
function inIframe(link: string): string {
  const url = new URL(link);
  url.searchParams.set('iframe', 'true');
  return url.toString();
}

/** Dots wants a UUID; ours is derived from the reference, so every retry and resend carries the same one. */
export function idempotencyKey(kind: string, reference: string): string {
  const h = crypto.createHash('sha256').update(`${kind}:${reference}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  body: unknown,
  what: string,
): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new DotsBadAnswer(what);
  return r.data;
}
