import type { PaymentRegion } from '@rush/domain';

/**
 * The payments port (ARCHITECTURE principle 7): everything the wallet asks of a payment wallet
 * provider, shaped after the real one (SPEC 7 DOTS) so its HTTP client can replace the
 * built-in sandbox without touching the wallet.
 *
 * The money model. Our double-entry ledger is the truth for what a user holds on the platform.
 * The provider holds the user's outside money (their provider wallet, card, bank). A deposit is
 * money the provider collected for us: it enters the ledger (clearing -> user) only when the
 * provider confirms it through a signed notification, never on the browser's word. A
 * withdrawal is held in the user's withdrawal account while the provider pays it out, then
 * leaves (withdrawal -> clearing) or comes back (withdrawal -> user) on the provider's answer.
 *
 * Mapping to DOTS (the later real adapter):
 * - onboarding: `createUser` = create user {email, country_code, phone_number (ten digits),
 *   first_name, last_name, username|null} -> verification_id; `sendVerificationCode` = send
 *   the code by SMS or voice; `verifyUser` = verify the typed token -> the provider user or an
 *   error shown as is (SPEC 4 "Verify failure shows the returned error"); `userState` = the
 *   "sniff user state" call (action verify, verification_id, user.id).
 * - `createCheckout` = generate the add-money link, opened with `iframe=true` in the 480px
 *   modal; `withdrawLink` = generate the withdraw-money link (DOTS lets the user pick the
 *   payout method in its iframe); `requestPayout` = the payout call (triggerDotsTransaction
 *   type withdraw); `walletInfo` = getUserWalletInfo (amount in cents), for reconciliation.
 * - `verifyNotification` = the provider's webhook: authenticate it with the provider's scheme
 *   and turn it into one of our `PaymentNotification`s.
 *
 * Every method must be idempotent on our `reference` (a retried request makes no second
 * checkout or payout), and every amount is integer US cents.
 */
export interface PaymentsPort {
  readonly name: string;

  /** DOTS create user: starts the provider's SMS verification. */
  createUser(input: ProviderUserInput): Promise<{ verificationId: string }>;
  /** The provider's send-code call: by SMS, or by a voice call (Dots `use_voice`). */
  sendVerificationCode(verificationId: string, channel: 'sms' | 'voice'): Promise<void>;
  /** The code the user typed; a refusal carries the provider's own error text. */
  verifyUser(input: { verificationId: string; verificationToken: string }): Promise<VerifyResult>;
  /** Where this user stands with the provider (none, code sent, verified). */
  userState(uid: string): Promise<ProviderUserState>;
  /** The user's provider wallet, in cents (reconciliation; our ledger stays the truth). */
  walletInfo(providerUserId: string): Promise<{ amount: bigint }>;
  /** What the platform holds at the provider, in cents; null when the provider cannot say (not configured). */
  platformBalance(): Promise<bigint | null>;

  /** A hosted page where the user pays `amount` (shown in the iframe); nothing is credited yet. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  /**
   * Where a deposit stands at the provider, read from the provider's own records (never from a
   * notification's word): credited only on `paid`, which means the money reached the platform.
   */
  depositOutcome(deposit: DepositAtProvider): Promise<DepositOutcome>;
  /**
   * Where a payout stands at the provider, found by our reference (or the provider's id when we
   * have it). `unknown`: the provider shows none, so it may be sent (again, under the same key).
   */
  payoutOutcome(payout: PayoutAtProvider): Promise<PayoutOutcome>;
  /** The provider's own withdraw page, or null when payouts are requested server-side only. */
  withdrawLink(uid: string): Promise<string | null>;
  /**
   * Asks the provider to pay out a held withdrawal; the outcome arrives as a notification. Any
   * failure but `PayoutRefused` is ambiguous (the payout may exist): the withdrawal stays held
   * until `payoutOutcome` finds it, or finds none and it is sent again under the same key.
   */
  requestPayout(request: PayoutRequest): Promise<{ providerRef: string }>;

  /**
   * Authenticates a provider notification (its signature over the exact raw body) and parses
   * it. Throws `NotificationRejected` for anything not provably from the provider.
   */
  verifyNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<PaymentNotification>;
}

export interface ProviderUserInput {
  /** Our user: the adapter remembers which provider user (verification, then user id) is theirs. */
  uid: string;
  email: string;
  countryCode: string;
  /** Ten digits, e.g. 5551234567 (the form shows +1 (###) ###-####). */
  phoneNumber: string;
  firstName: string;
  lastName: string;
  username: string | null;
}

export type VerifyResult = { ok: true; providerUserId: string } | { ok: false; error: string };

export type ProviderUserState =
  { state: 'none' } | { state: 'verify'; verificationId: string } | { state: 'verified'; providerUserId: string };

export interface CheckoutRequest {
  /** Our deposit session id; the provider echoes it in its notifications. */
  reference: string;
  uid: string;
  /** What the user pays, in cents (the Canadian fee is inside it). */
  amount: bigint;
  region: PaymentRegion;
}

export interface CheckoutCreated {
  providerRef: string;
  url: string;
  /** The provider's payment behind the checkout, when it names one at once (Dots: the payment intent). */
  providerPayment?: string | null;
}

export interface DepositAtProvider {
  reference: string;
  uid: string;
  providerRef: string | null;
  providerPayment: string | null;
}

/**
 * `paid`: the money arrived in the platform's account (amount in cents, what the payer paid).
 * `failed` / `expired`: it never will. `reversed`: it arrived, then went back to the payer (an
 * ACH return). `open`: nothing final yet.
 */
export type DepositOutcome =
  | { state: 'open' }
  | { state: 'paid'; amount: bigint; payment: string | null }
  | { state: 'failed' | 'expired' | 'reversed'; payment: string | null };

export interface PayoutAtProvider {
  reference: string;
  uid: string;
  /** What reaches the user (the payout's amount at the provider). */
  payout: bigint;
  providerRef: string | null;
  requestedAt: Date;
}

/**
 * `failed` with `refundable`: the provider says the payout failed AND the money is back with the
 * platform (taken back from the user's provider wallet if it landed there): only then may the
 * held money return to the player. `failed` without it: not yet (asked again later).
 */
export type PayoutOutcome =
  | { state: 'unknown' }
  | { state: 'pending' | 'completed'; providerRef: string }
  | { state: 'failed'; providerRef: string; refundable: boolean };

export interface PayoutRequest {
  /** Our withdrawal id. */
  reference: string;
  uid: string;
  /** What the user requested, in cents. */
  amount: bigint;
  /** What reaches the user (amount minus the Canadian fee). */
  payout: bigint;
  region: PaymentRegion;
}

/** The provider's word, after authentication. `id` is the provider's event id. */
export type PaymentNotification =
  | { id: string; type: 'checkout.paid'; reference: string; amount: bigint }
  /** Authentic, but nothing for the wallet to do (a pending state, an event we do not follow). */
  | { id: string; type: 'ignored'; reference: null }
  | { id: string; type: 'checkout.cancelled'; reference: string }
  | { id: string; type: 'payout.completed' | 'payout.rejected'; reference: string; amount: bigint }
  /**
   * Something changed at the provider about this user's deposits (or this payment): the wallet
   * reads them again through `depositOutcome`. The notification itself moves no money.
   */
  | { id: string; type: 'deposit.check'; uid: string | null; payment: string | null; reference: null }
  /** The same for payouts: the wallet reads the user's pending payouts again through `payoutOutcome`. */
  | { id: string; type: 'payout.check'; uid: string; reference: string | null };

/** A notification that is not provably from the provider (bad or missing signature, stale, malformed). */
export class NotificationRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/**
 * An authentic notification whose details the provider could not give now (its API timed out,
 * failed or answered out of shape): the webhook answers 503 so the provider delivers it again.
 */
export class ProviderUnavailable extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The provider will never take this payout as asked (no provider user, a refusal that is not a
 * replay of our own key): the held money goes back to the player instead of being sent again
 * by the sweep forever. Timeouts and server errors are not this: their outcome is unknown.
 */
export class PayoutRefused extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'PayoutRefused';
  }
}
