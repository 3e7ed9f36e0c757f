import type { DotsSwitches, PayoutBehaviour, VerifyRefusalBody } from './switches.ts';
import type {
  DotsRequestLogEntry,
  EmulatedCheckout,
  EmulatedDotsUser,
  EmulatedIntent,
  EmulatedPayout,
  EmulatedTransfer,
  WebhookDelivery,
} from './types.ts';

/**
 * How a test starts the Dots emulator (our app's credentials and webhook secret, as Dots issues
 * them) and what it gets back: the payer's and the bank's side of each payment, the switches for
 * what Dots does not publish, the faults, the request log and the webhook deliveries.
 */

export interface DotsEmulatorOptions {
  /** Our Dots app (Retrieve an App). */
  appId?: string;
  clientId: string;
  apiKey: string;
  /** The Svix secret, `whsec_<base64>`. */
  webhookSecret: string;
  /** Where webhooks go (settable later with setWebhookUrl). */
  webhookUrl?: string;
}

export interface DotsEmulator {
  readonly url: string;
  readonly switches: DotsSwitches;
  set(switches: Partial<DotsSwitches>): void;
  user(id: string): EmulatedDotsUser | undefined;
  userByPhone(phone: string): EmulatedDotsUser | undefined;
  /** The code last sent to this user (the test reads the phone). */
  smsCode(verificationId: string): string | null;
  setWallet(userId: string, cents: number): void;
  setVerifyRefusal(body: VerifyRefusalBody): void;
  checkoutByReference(reference: string): EmulatedCheckout | undefined;
  intent(id: string): EmulatedIntent | undefined;
  payoutByReference(reference: string): EmulatedPayout | undefined;
  payouts(): EmulatedPayout[];
  transfer(id: string): EmulatedTransfer | undefined;
  transfers(): EmulatedTransfer[];
  /** Overrides what GET answers for this transfer (a provider answering an odd amount). */
  patchTransfer(id: string, patch: Partial<EmulatedTransfer> | Record<string, unknown>): void;
  /** Overrides what GET answers for this payment intent. */
  patchIntent(id: string, patch: Record<string, unknown>): void;
  setWebhookUrl(url: string): void;
  /** The payer pays the checkout page: the intent succeeds and its transfer into the app is made (webhooks follow). */
  payCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** The payer's payment fails (card declined): the intent fails. */
  failCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** The checkout's time runs out unpaid (Dots publishes no webhook for it). */
  expireCheckout(reference: string): void;
  /** A pending payment transfer (ACH) completes. */
  settlePayment(reference: string): Promise<WebhookDelivery[]>;
  /** The payer's bank returns a paid deposit: the transfer fails (or reverses) and the app's wallet gives it back. */
  reverseCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** What new payouts do: complete or fail (each with its webhook) or stay pending. */
  setPayouts(behaviour: PayoutBehaviour): void;
  /** Answers a pending payout now. */
  settlePayout(reference: string, outcome: 'completed' | 'failed'): Promise<WebhookDelivery>;
  /** Sends a webhook signed with `secret` (default the real one) at `at` (default now). */
  sendWebhook(body: unknown, options?: { secret?: string; at?: Date; id?: string }): Promise<WebhookDelivery>;
  /** Posts raw bytes signed as given (a body that is not JSON). */
  sendRaw(raw: string): Promise<WebhookDelivery>;
  /** Re-posts a delivery exactly as it was (a replay). */
  redeliver(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  readonly deliveries: WebhookDelivery[];
  readonly log: DotsRequestLogEntry[];
  readonly appWallet: { amount: number };
  readonly faults: {
    /** Every answer waits this long first (0: off). */
    slow(ms: number, path?: string): void;
    /** The next `count` requests (to `path` only, when given) answer 500. */
    fail(count?: number, path?: string): void;
    /** Requests (to `path` only, when given) never answer while on. */
    hang(on: boolean, path?: string): void;
    /** The next `count` requests to `path` are carried out, but their answer is lost (the connection drops). */
    dropAnswer(count: number, path: string): void;
  };
  /** Requests received, by path (hung ones included). */
  count(path: string, method?: string): number;
  close(): Promise<void>;
}
