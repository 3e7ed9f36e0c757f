import crypto from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../../../platform/clock.ts';
import type { Db } from '../../../../platform/db/database.ts';
import { NotificationRejected } from '../port.ts';
import type * as Port from '../port.ts';
import { checkSignature, SIGNATURE_HEADER } from '../signature.ts';
import { SandboxStore } from './sandbox.store.ts';
import type { SandboxSecret } from './secret.ts';

export interface SandboxOptions {
  /** How long a checkout page may be paid. */
  checkoutTtlMs: number;
  /** How long after a payout request the sandbox bank answers it. */
  payoutDelayMs: number;
}

/** The SMS codes the sandbox accepts (there is no phone): any six digits, documented for testers. */
export const SANDBOX_VERIFICATION_CODE = /^\d{6}$/;
export const SANDBOX_CODE_REFUSED = 'The verification code is incorrect.';
/** Payouts whose amount ends in .13 are refused by the sandbox bank (to exercise rejections). */
export const SANDBOX_REJECTED_CENTS = 13n;

export const sandboxCheckoutPath = (id: string) => `/sandbox-pay/checkout/${id}`;

/** The body of a sandbox notification (amounts in cents). */
export const SandboxNotificationBody = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['checkout.paid', 'checkout.cancelled', 'payout.completed', 'payout.rejected']),
  data: z.object({
    reference: z.string().min(1).max(200),
    amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
});

const hashId = (prefix: string, value: string) =>
  `${prefix}_${crypto.createHash('sha256').update(value).digest('hex').slice(0, 24)}`;

/**
 * The built-in payment provider, as the merchant (our wallet) sees it through the port. It
 * runs on our origin and in our database (`sandbox_payments`) so the product is complete on one
 * machine, but it keeps to the port's contract: nothing is credited until its signed
 * notification arrives. Onboarding is trivial here: everyone is a verified sandbox user.
 */
export class SandboxPayments implements Port.PaymentsPort {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: SandboxSecret,
    private readonly options: SandboxOptions,
  ) {}

  createUser(input: Port.ProviderUserInput): Promise<{ verificationId: string }> {
    return Promise.resolve({ verificationId: hashId('sbxver', input.email.toLowerCase()) });
  }

  sendVerificationCode(_verificationId: string, _channel: 'sms' | 'voice'): Promise<void> {
    return Promise.resolve();
  }

  verifyUser(input: { verificationId: string; verificationToken: string }): Promise<Port.VerifyResult> {
    return Promise.resolve(
      SANDBOX_VERIFICATION_CODE.test(input.verificationToken)
        ? { ok: true, providerUserId: hashId('sbxuser', input.verificationId) }
        : { ok: false, error: SANDBOX_CODE_REFUSED },
    );
  }

  userState(uid: string): Promise<Port.ProviderUserState> {
    return Promise.resolve({ state: 'verified', providerUserId: hashId('sbxuser', uid) });
  }

  /** The sandbox keeps no account for the platform: nothing to compare. */
  platformBalance(): Promise<bigint | null> {
    return Promise.resolve(null);
  }

  /** The sandbox keeps no money of its own: what it collects goes straight to the platform. */
  walletInfo(_providerUserId: string): Promise<{ amount: bigint }> {
    return Promise.resolve({ amount: 0n });
  }

  async createCheckout(request: Port.CheckoutRequest): Promise<{ providerRef: string; url: string }> {
    const now = this.clock.now();
    const row = await new SandboxStore(this.db).create({
      id: crypto.randomUUID(),
      kind: 'checkout',
      reference: request.reference,
      amount: request.amount,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.options.checkoutTtlMs),
    });
    return { providerRef: row.id, url: sandboxCheckoutPath(row.id) };
  }

  /** The sandbox's own books, as the port's read-back (its notifications normally come first). */
  async depositOutcome(deposit: Port.DepositAtProvider): Promise<Port.DepositOutcome> {
    const row = await new SandboxStore(this.db).byReference('checkout', deposit.reference);
    if (!row) return { state: 'open' };
    if (row.status === 'paid') return { state: 'paid', amount: row.amount, payment: row.id };
    if (row.status === 'cancelled') return { state: 'failed', payment: row.id };
    if (row.expiresAt && row.expiresAt <= this.clock.now()) return { state: 'expired', payment: row.id };
    return { state: 'open' };
  }

  async payoutOutcome(payout: Port.PayoutAtProvider): Promise<Port.PayoutOutcome> {
    const row = await new SandboxStore(this.db).byReference('payout', payout.reference);
    if (!row) return { state: 'unknown' };
    if (row.status === 'completed') return { state: 'completed', providerRef: row.id };
    // The sandbox never paid it out: the money never left the platform.
    if (row.status === 'rejected') return { state: 'failed', providerRef: row.id, refundable: true };
    return { state: 'pending', providerRef: row.id };
  }

  withdrawLink(_uid: string): Promise<string | null> {
    return Promise.resolve(null);
  }

  async requestPayout(request: Port.PayoutRequest): Promise<{ providerRef: string }> {
    const now = this.clock.now();
    const row = await new SandboxStore(this.db).create({
      id: crypto.randomUUID(),
      kind: 'payout',
      reference: request.reference,
      amount: request.amount,
      createdAt: now,
      dueAt: new Date(now.getTime() + this.options.payoutDelayMs),
    });
    return { providerRef: row.id };
  }

  async verifyNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<Port.PaymentNotification> {
    const check = checkSignature(await this.secret.get(), rawBody, headers[SIGNATURE_HEADER], this.clock.now());
    if (check !== 'ok') throw new NotificationRejected(`signature ${check}`);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const parsed = SandboxNotificationBody.safeParse(json);
    if (!parsed.success) throw new NotificationRejected('unknown notification');
    const { id, type, data } = parsed.data;
    if (type === 'checkout.cancelled') return { id, type, reference: data.reference };
    return { id, type, reference: data.reference, amount: BigInt(data.amount) };
  }
}
