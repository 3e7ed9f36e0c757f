import { z } from 'zod';

/**
 * The Dots API as this client uses it, relative to DOTS_URL (production https://api.dots.dev,
 * sandbox https://api.senddotssandbox.com). Every path, body and answer below is from what Dots
 * publishes: the docs.dots.dev API reference and the models generated from its OpenAPI document
 * (konfig-sdks/dots-typescript-sdk, dots-python-sdk, whose base path is `.../api`). The
 * published name of each call is in the comment; published-api.ts (tests) holds the same
 * shapes and checks every exchange against them.
 */
export const DOTS_PATHS = {
  /** "Create a User": {first_name, last_name, email, country_code, phone_number, username?, metadata?} -> 200 User. */
  createUser: '/api/v2/users',
  /** "Send a Verification Token": {use_voice?} -> 202 without a body. */
  sendToken: (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}/send-verification-token`,
  /** "Verify a User": {token} -> 200 without a body, or 400 (body not published). */
  verifyUser: (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}/verify`,
  /** "Retrieve a User": 200 User, `wallet.amount` in cents. */
  user: (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}`,
  /**
   * "Create a Checkout Session" ("a Checkout Session link to accept a payment"): {line_items,
   * mode: payment, user_id, client_reference_id, success_url, cancel_url?, expires_in, metadata}
   * -> 200 CheckoutSession {id, status, payment_intent_id, checkout_session_url, ...}.
   */
  checkoutSessions: '/api/v2/checkout-sessions',
  /** "Retrieve a Checkout Session": 200 CheckoutSession (status open | complete | expired). */
  checkoutSession: (id: string) => `/api/v2/checkout-sessions/${encodeURIComponent(id)}`,
  /** "Retrieve a Payment Intent": 200 PaymentIntent {id, amount, currency, status, transfer_id, metadata}, or 404. */
  paymentIntent: (id: string) => `/api/v2/payment-intents/${encodeURIComponent(id)}`,
  /** "Create a Flow": {steps, user_id} -> 200 Flow {id, link}; `manage-payouts` lets the user choose where payouts go. */
  flows: '/api/v2/flows',
  /** "Create a Payout": {user_id, amount (cents), platform, fund, idempotency_key, metadata} -> 201 Transfer. */
  payouts: '/api/v2/payouts',
  /**
   * "Create a Transfer" {amount, user_id, idempotency_key, metadata} -> 200 Transfer ("Negative
   * amount transfers money from the app to the user"): a positive one takes the money of a
   * failed payout back from the user's Dots wallet to the app before we refund it.
   * "List all Transfers" (GET, ?user_id, limit, starting_after) -> {has_more, data: Transfer[]}.
   */
  transfers: '/api/v2/transfers',
  /**
   * "Retrieve an App": 200 App {id, name, metrics: {wallet_balance (a string), money_out,
   * connected_users}}, or 404. The reconciliation reads the app's wallet balance.
   */
  app: (appId: string) => `/api/v2/apps/${encodeURIComponent(appId)}`,
  /** "Get a Transfer": the transfer a `transfer.updated` webhook names. */
  transfer: (transferId: string) => `/api/v2/transfers/${encodeURIComponent(transferId)}`,
} as const;

const id = z.string().min(1).max(200);
const metadata = z.record(z.string(), z.unknown()).nullish();

export const CreatedUser = z.object({ id });
export const DotsUser = z.object({
  id,
  wallet: z.object({ amount: z.unknown(), withdrawable_amount: z.unknown().optional() }),
});
export const FlowAnswer = z.object({ id: id.optional(), link: z.string().url() });

/** CheckoutSession (published statuses: open, complete, expired). */
export const CheckoutSession = z.object({
  id,
  status: z.enum(['open', 'complete', 'expired']),
  payment_intent_id: id.nullish(),
  checkout_session_url: z.string().url().nullish(),
  client_reference_id: z.string().nullish(),
  amount_total: z.unknown().optional(),
  metadata,
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** PaymentIntent: amount in cents, currency `usd`, its published statuses. */
export const PaymentIntent = z.object({
  id,
  amount: z.unknown(),
  currency: z.string(),
  status: z.enum([
    'initialized',
    'created',
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'requires_capture',
    'canceled',
    'failed',
  ]),
  transfer_id: id.nullish(),
  user_id: id.nullish(),
  metadata,
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/**
 * Transfer. The generated models list statuses created, pending, failed, completed, flagged and
 * types refill, payout, balance; the docs' payment responses also show `reversed` and
 * `canceled`. Any string is accepted and read by what it means, so a status Dots adds later is
 * "not final" rather than an unreadable answer.
 */
export const Transfer = z.object({
  id,
  status: z.string().min(1).max(40),
  type: z.string().max(40).nullish(),
  amount: z.unknown(),
  user_id: id.nullish(),
  created: z.string().nullish(),
  metadata,
});
export type Transfer = z.infer<typeof Transfer>;

export const DotsApp = z.object({ id, metrics: z.object({ wallet_balance: z.string() }) });

export const TransferList = z.object({ has_more: z.boolean().optional(), data: z.array(Transfer) });

/**
 * The webhook bodies Dots publishes ("Webhooks"): thin events naming an object, e.g.
 * `{"event": "transfer.updated", "transfer_id": "..."}`; `payment_intent.updated` is listed
 * among the events and named after the same pattern. The object is then read from the API, so
 * amounts and states come from an authenticated answer, never from the event.
 */
export const WebhookEvent = z
  .object({
    event: z.string().min(1).max(100),
    transfer_id: id.optional(),
    payment_intent_id: id.optional(),
  })
  .passthrough();

/** A transfer status that means the money did not (or no longer) moved. */
export const FAILED_TRANSFER = new Set(['failed', 'canceled', 'reversed']);
