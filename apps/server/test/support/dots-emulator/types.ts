/**
 * What the Dots emulator keeps: users with their Dots wallet and verification codes, transfers,
 * checkout sessions with their payment intents, payouts, webhook deliveries and the request log.
 * Field names follow Dots' API reference (docs.dots.dev) where they are sent as they are.
 */

export interface EmulatedDotsUser {
  id: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  username: string | null;
  verified: boolean;
  /** The last code sent (null before any). */
  smsCode: string | null;
  smsCount: number;
  /** How each code went out: `sms`, or `voice` for a call. */
  codeChannels: ('sms' | 'voice')[];
  /** The user's Dots wallet, in cents. */
  wallet: number;
}

export interface EmulatedTransfer {
  id: string;
  created: string;
  user_id: string;
  type?: 'refill' | 'payout' | 'balance';
  status: 'created' | 'pending' | 'failed' | 'completed' | 'flagged' | 'reversed' | 'canceled';
  amount: number;
  metadata?: Record<string, unknown>;
}

export interface EmulatedCheckout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  intentId: string;
  body: Record<string, unknown>;
  created: string;
}

export interface EmulatedIntent {
  id: string;
  amount: number;
  userId: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | 'failed';
  transferId?: string;
}

export interface EmulatedPayout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  idempotencyKey: string;
  status: 'pending' | 'completed' | 'failed';
}

export interface WebhookDelivery {
  raw: string;
  headers: Record<string, string>;
  status: number;
}

export interface DotsRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** 0 until answered (a hung request stays 0). */
  status: number;
  body: unknown;
  /** The answer's body (undefined when it had none). */
  answer?: unknown;
  authorized: boolean;
}
