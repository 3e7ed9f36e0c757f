import { z } from 'zod';

/**
 * The Dots API as this client uses it, relative to DOTS_URL (default https://api.dots.dev).
 * Each path and shape is from the Dots documentation (docs.dots.dev) where it is published;
 * where it is not, SPEC 7's DOTS line decides and the comment says so.
 */
export const DOTS_PATHS = {
  /** "Create a User" (v2): {email, country_code, phone_number, first_name, last_name, username?, metadata?} -> user {id, ...}. */
  createUser: '/api/v2/users',
  /**
   * "Send a Verification Token" (v2): {use_voice?} ("Defaults to false which sends token via
   * SMS. Set true to receive via call instead.") -> 202 without a body. The v2 user id is what
   * SPEC 7 calls the verification id.
   */
  sendToken: (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}/send-verification-token`,
  /**
   * "Verify a User" (v2): {token} -> 200 without a body, or 400. The 400's body is not
   * published: its text is shown as is when it has one (SPEC 4), else ours.
   */
  verifyUser: (userId: string) => `/api/v2/users/${encodeURIComponent(userId)}/verify`,
  /** "Retrieve a User" (v2): the user object, `wallet.amount` in cents. */
  user: (dotsUserId: string) => `/api/v2/users/${encodeURIComponent(dotsUserId)}`,
  /**
   * "Generate a link to refill the user's wallet" (v1 reference): {user_id} -> {success, link}.
   * The published body has only user_id; SPEC 7 ("generate add-money link") needs the link tied
   * to our deposit and its amount, so we also send `amount` (cents), `metadata.reference` and an
   * `idempotency_key` as the v2 objects carry them. Not found in the docs: say so to Dots.
   */
  addMoneyLink: '/api/users/wallet/refill',
  /** "Create a Flow" (v2): {steps, user_id} -> {id, link}; `manage-payouts` lets the user choose where payouts go. */
  flows: '/api/v2/flows',
  /** "Create a Payout" (v2): {user_id, amount (cents), platform, fund, idempotency_key, metadata} -> payout {id, status}. */
  payouts: '/api/v2/payouts',
  /**
   * The transfer a `transfer.updated` webhook names. The Transfer object is published (status,
   * type, amount, metadata); this retrieve path is the v2 REST pattern of the other objects.
   */
  transfer: (transferId: string) => `/api/v2/transfers/${encodeURIComponent(transferId)}`,
} as const;

const id = z.string().min(1).max(200);
const metadata = z.record(z.string(), z.unknown()).nullish();

export const CreatedUser = z.object({ id });
export const DotsUser = z.object({ id, wallet: z.object({ amount: z.unknown() }) });
export const LinkAnswer = z.object({ link: z.string().url() });
export const FlowAnswer = z.object({ id: id.optional(), link: z.string().url() });
export const PayoutAnswer = z.object({ id, status: z.string().optional() });

/** Transfer statuses and types as the Transfer object lists them (docs.dots.dev "Create a Payment" response). */
export const Transfer = z.object({
  id,
  status: z.enum(['created', 'pending', 'failed', 'completed', 'reversed', 'canceled', 'flagged']),
  type: z.string(),
  amount: z.unknown(),
  metadata,
});
export type Transfer = z.infer<typeof Transfer>;

/**
 * The webhook bodies Dots publishes ("Webhooks"): thin events naming an object, e.g.
 * `{"event": "transfer.updated", "transfer_id": "..."}`. The object is then read from the API,
 * so amounts and states come from an authenticated answer, not from the event.
 */
export const WebhookEvent = z.object({ event: z.string().min(1).max(100), transfer_id: id.optional() }).passthrough();
