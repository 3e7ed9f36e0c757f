import { z } from 'zod';

/**
 * What Dots publishes about every call the product makes, written from its API reference
 * (docs.dots.dev) and the models generated from its OpenAPI document
 * (konfig-sdks/dots-typescript-sdk `models/*.ts`, dots-python-sdk `paths/*` for the status
 * codes). Independent of the client's own wire.ts on purpose: the emulator refuses a request
 * that does not fit, and the conformance test checks each exchange against these shapes.
 * `.strict()` on a request: a field Dots does not publish is an invented one.
 */
const metadata = z.record(z.string(), z.unknown());
const phoneNumber = z.object({ country_code: z.string(), phone_number: z.string() });
const wallet = z.object({
  amount: z.number().int(),
  withdrawable_amount: z.number().int(),
  credit_balance: z.number().int(),
});
const user = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: phoneNumber,
  wallet,
  metadata: z.unknown().optional(),
});
const transfer = z.object({
  id: z.string(),
  created: z.string(),
  user_id: z.string(),
  // TransferStatusEnum; the docs' payment examples add reversed and canceled.
  status: z.enum(['created', 'pending', 'failed', 'completed', 'flagged', 'reversed', 'canceled']),
  type: z.enum(['refill', 'payout', 'balance']).optional(),
  amount: z.number().int(),
  metadata: z.unknown().optional(),
});
const checkoutSession = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_intent_id: z.string(),
  success_url: z.string(),
  cancel_url: z.string().optional(),
  checkout_session_url: z.string(),
  client_reference_id: z.string().optional(),
  expiry: z.string(),
  metadata: z.unknown().optional(),
  line_items: z.array(z.object({ quantity: z.number().int(), price_id: z.string() })),
  created: z.string(),
  updated: z.string(),
  customer_email: z.string().optional(),
  amount_total: z.number().int(),
});
const paymentIntent = z.object({
  id: z.string(),
  amount: z.number().int().min(0),
  currency: z.literal('usd'),
  user_id: z.string().optional(),
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
  transfer_id: z.string().optional(),
  payment_method_id: z.string().optional(),
  metadata: z.unknown().optional(),
});

export interface PublishedCall {
  /** The published name of the call (docs.dots.dev / the SDK's `@summary`). */
  name: string;
  method: 'GET' | 'POST';
  /** The path under https://api.dots.dev/api (production) or https://api.senddotssandbox.com/api (sandbox). */
  path: RegExp;
  request: z.ZodType | null;
  /** Published answers by status; `null`: the status has no published body. */
  responses: Record<number, z.ZodType | null>;
}

export const PUBLISHED_CALLS: PublishedCall[] = [
  {
    name: 'Create a User',
    method: 'POST',
    path: /^\/api\/v2\/users$/,
    request: z
      .object({
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        country_code: z.string(),
        phone_number: z.string(),
        username: z.string().optional(),
        metadata: z.unknown().optional(),
      })
      .strict(),
    responses: { 200: user },
  },
  {
    name: 'Send a Verification Token',
    method: 'POST',
    path: /^\/api\/v2\/users\/[^/]+\/send-verification-token$/,
    request: z.object({ use_voice: z.boolean().optional() }).strict(),
    responses: { 202: null },
  },
  {
    name: 'Verify a User',
    method: 'POST',
    path: /^\/api\/v2\/users\/[^/]+\/verify$/,
    request: z.object({ token: z.string() }).strict(),
    responses: { 200: null, 400: null },
  },
  {
    name: 'Retrieve a User',
    method: 'GET',
    path: /^\/api\/v2\/users\/[^/]+$/,
    request: null,
    responses: { 200: user },
  },
  {
    name: 'Create a Checkout Session',
    method: 'POST',
    path: /^\/api\/v2\/checkout-sessions$/,
    request: z
      .object({
        line_items: z
          .array(
            z
              .object({
                price_data: z
                  .object({
                    currency: z.literal('usd'),
                    amount: z.number().int(),
                    product_data: z
                      .object({
                        name: z.string(),
                        description: z.string().optional(),
                        images: z.array(z.string()).optional(),
                        metadata: metadata.optional(),
                      })
                      .strict(),
                  })
                  .strict(),
                quantity: z.number().int(),
              })
              .strict(),
          )
          .min(1),
        customer_email: z.string().optional(),
        client_reference_id: z.string().optional(),
        success_url: z.string(),
        cancel_url: z.string().optional(),
        mode: z.literal('payment'),
        user_id: z.string().optional(),
        customer_id: z.string().optional(),
        // "Required range: 0 < x < 10800".
        expires_in: z.number().int().gt(0).lt(10_800).optional(),
        metadata: metadata.optional(),
      })
      .strict(),
    responses: { 200: checkoutSession },
  },
  {
    name: 'Retrieve a Checkout Session',
    method: 'GET',
    path: /^\/api\/v2\/checkout-sessions\/[^/]+$/,
    request: null,
    responses: { 200: checkoutSession },
  },
  {
    name: 'Retrieve a Payment Intent',
    method: 'GET',
    path: /^\/api\/v2\/payment-intents\/[^/]+$/,
    request: null,
    responses: { 200: paymentIntent, 404: null },
  },
  {
    name: 'Create a Flow',
    method: 'POST',
    path: /^\/api\/v2\/flows$/,
    request: z
      .object({
        steps: z.array(z.union([z.string(), z.object({ name: z.string() }).passthrough()])),
        user_id: z.string().optional(),
        metadata: z.unknown().optional(),
      })
      .strict(),
    responses: {
      200: z.object({
        id: z.string(),
        created: z.string(),
        user_id: z.unknown(),
        steps: z.array(z.string()),
        completed_steps: z.array(z.string()),
        link: z.string(),
      }),
    },
  },
  {
    name: 'Create a Payout',
    method: 'POST',
    path: /^\/api\/v2\/payouts$/,
    request: z
      .object({
        user_id: z.string(),
        amount: z.number().int(),
        platform: z.enum(['paypal', 'venmo', 'ach', 'bank_transfer', 'cash_app', 'payoneer', 'airtm', 'default']),
        account_id: z.string().optional(),
        fund: z.boolean().optional(),
        idempotency_key: z.string().uuid().optional(),
        metadata: z.unknown().optional(),
      })
      .strict(),
    // Only 201 is published; the answers to a reused idempotency key are not (each is a switch).
    responses: { 201: transfer },
  },
  {
    name: 'Create a Transfer',
    method: 'POST',
    path: /^\/api\/v2\/transfers$/,
    request: z
      .object({
        amount: z.number().int(),
        user_id: z.string(),
        tax_exempt: z.unknown().optional(),
        idempotency_key: z.string().uuid().optional(),
        metadata: z.unknown().optional(),
      })
      .strict(),
    responses: { 200: transfer },
  },
  {
    name: 'List all Transfers',
    method: 'GET',
    path: /^\/api\/v2\/transfers$/,
    request: null,
    responses: { 200: z.object({ has_more: z.boolean(), data: z.array(transfer) }) },
  },
  {
    name: 'Retrieve an App',
    method: 'GET',
    path: /^\/api\/v2\/apps\/[^/]+$/,
    request: null,
    responses: {
      200: z.object({
        id: z.string(),
        name: z.string(),
        status: z.string().optional(),
        // AppMetrics: strings, their unit not published.
        metrics: z.object({ wallet_balance: z.string(), money_out: z.string(), connected_users: z.number().int() }),
        metadata: z.unknown().optional(),
      }),
      404: null,
    },
  },
  {
    name: 'Get a Transfer',
    method: 'GET',
    path: /^\/api\/v2\/transfers\/[^/]+$/,
    request: null,
    responses: { 200: transfer },
  },
];

/** The published query parameters of "List all Transfers". */
export const LIST_TRANSFERS_QUERY = new Set(['limit', 'starting_after', 'ending_before', 'user_id']);

/** The webhook bodies Dots publishes ("Webhooks" page): an event naming one object. */
export const PUBLISHED_EVENTS = {
  'transfer.updated': z.object({ event: z.literal('transfer.updated'), transfer_id: z.string() }).strict(),
  // Listed among the events; its example body was not in the text we could read, so it is
  // named after the pattern of the others (`{event, <object>_id}`). The product does not
  // depend on it: the deposit sweep reads every open checkout back anyway.
  'payment_intent.updated': z
    .object({ event: z.literal('payment_intent.updated'), payment_intent_id: z.string() })
    .strict(),
  'flow.updated': z.object({ event: z.literal('flow.updated'), flow_id: z.string() }).strict(),
  'payout_link.updated': z.object({ event: z.literal('payout_link.updated'), payout_link_id: z.string() }).strict(),
} as const;

export const publishedCall = (method: string, path: string) =>
  PUBLISHED_CALLS.find((c) => c.method === method && c.path.test(path));
