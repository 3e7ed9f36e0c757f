import { z } from 'zod';
import { CURRENCIES } from '@rush/domain';
import { Balances } from './accounts.ts';
import { LossLimitView } from './responsible-gaming.ts';

/** Minor units on the wire: safe integers (USD cents, RC hundredths). */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const TRANSACTION_TYPES = [
  'deposit',
  'withdraw',
  'stake',
  'payout',
  'refund',
  'reward',
  'topup',
  'admin_deposit',
  'admin_withdraw',
] as const;

/** SPEC 3 Transaction: type, amount (cents), notes.result, source/destination username, completed, date, currency. */
export const WalletTransaction = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: minor,
  currency: z.enum(CURRENCIES),
  status: z.enum(['completed', 'rejected', 'pending']),
  completed: z.boolean(),
  notes: z.object({ result: z.enum(['win', 'lose', 'Admin Deposit', 'Admin Withdraw']).nullable() }),
  source: z.string().nullable(),
  destination: z.string().nullable(),
  date: z.string(),
  /** Fee within `amount` (Canadian deposits US$0.50, Canadian withdrawals US$2.00); 0 otherwise. */
  fee: minor.optional(),
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TransactionsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const TransactionsResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  transactions: z.array(WalletTransaction),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

export const SelfLimitView = z.object({ max: minor, until: z.string() }).nullable();

export const DEPOSIT_OUTCOMES = ['pending', 'failed', 'expired', 'reversed'] as const;
export const DepositOutcomeView = z.object({
  id: z.string(),
  amount: minor,
  status: z.enum(DEPOSIT_OUTCOMES),
  date: z.string(),
});
export type DepositOutcomeView = z.infer<typeof DepositOutcomeView>;

export const WalletSummary = z.object({
  balances: Balances,
  /** USD that may be withdrawn now (deposits must be wagered once first). */
  withdrawable: minor,
  /** USD that may still be deposited this month (cap and deposit limit). */
  depositRoom: minor,
  limits: z.object({ bet: SelfLimitView, deposit: SelfLimitView }),
  /** Why Withdraw is disabled right now, in the SPEC's words; null when it is allowed. */
  withdrawDisabledReason: z.string().nullable(),
  lastDepositAt: z.string().nullable(),
  /** USD the user owes after a deposit was returned by their bank (issue 32); 0 when none. */
  debt: minor.default(0),
  /**
   * The last 30 days' deposits that did not simply complete (issue 32): waiting for the provider,
   * failed, expired unpaid, or returned by the bank after the credit. Newest first, at most 10.
   */
  deposits: z.array(DepositOutcomeView).default([]),
  /** Issue 37: the end of a break running now (ISO), null when none. */
  coolOffUntil: z.string().nullable().optional(),
  /** Issue 37: every currency's daily, weekly and monthly loss limit, set or not. */
  lossLimits: z.array(LossLimitView).optional(),
});
export type WalletSummary = z.infer<typeof WalletSummary>;

export const REGIONS = ['us', 'ca'] as const;

/**
 * SPEC 3 Identity profile DeviceGPS, from the browser's Geolocation API right before a deposit:
 * `radius` is the accuracy in metres, `dateTime` the ISO time of the fix (position.timestamp).
 */
export const DeviceGps = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  radius: z.number().min(0).max(100_000_000),
  altitude: z.number().min(-100_000).max(100_000_000).nullable().optional(),
  speed: z.number().min(0).max(100_000).nullable().optional(),
  dateTime: z.string().max(40),
});
export type DeviceGps = z.infer<typeof DeviceGps>;

/**
 * `deviceGps` is optional in the shape but required by the rules: without it the server answers
 * 400 LOCATION_REQUIRED (SPEC 1: location services are required to deposit).
 */
export const StartDepositRequest = z.object({
  amount: minor,
  region: z.enum(REGIONS).default('us'),
  deviceGps: DeviceGps.optional(),
});
/** The provider page to show in the deposit modal's iframe (height 480px). */
export const StartDepositResponse = z.object({ sessionId: z.string(), url: z.string() });
/** The sandbox provider's checkout page, after the payer's Pay or Cancel: the checkout's new state. */
export const SandboxDecisionResponse = z.object({ status: z.enum(['paid', 'cancelled']) });
/** A payment provider's webhook, accepted: the id of the notification it delivered. */
export const WebhookAckResponse = z.object({ ok: z.literal(true), id: z.string() });

/**
 * `deviceGps`: required by the rules as at deposit (issue 16: the location is checked at withdrawal too).
 * The `Idempotency-Key` header (IDEMPOTENCY_HEADER, IdempotencyKey) names the intended withdrawal:
 * the client makes one per withdrawal and sends it again with every resend of that request. The
 * same key answers the same transaction (the money held once, the payout asked once), even if the
 * balance or the rules changed since; the same key with another amount or region is 409 CONFLICT;
 * a malformed one is 400 VALIDATION. Optional for clients older than it (each request then is a new
 * withdrawal); the web always sends one.
 */
export const WithdrawRequest = z.object({
  amount: minor,
  region: z.enum(REGIONS).default('us'),
  deviceGps: DeviceGps.optional(),
});
export const WithdrawResponse = z.object({ transaction: WalletTransaction });

export const SetLimitRequest = z.object({
  kind: z.enum(['bet', 'deposit']),
  max: minor,
  until: z.string().max(40),
});

export const CloseAccountRequest = z.object({ confirm: z.literal(true) });

export const AdminAmountRequest = z.object({ amount: minor });

/** Admin money operations answer the user's balances after the movement. */
export const AdminWalletResponse = z.object({ uid: z.string(), balances: Balances });
export type AdminWalletResponse = z.infer<typeof AdminWalletResponse>;

/** Admin transactions: every movement touching a user's wallet, with that user. */
export const AdminTransaction = WalletTransaction.extend({ uid: z.string(), username: z.string().nullable() });
export type AdminTransaction = z.infer<typeof AdminTransaction>;
export const AdminTransactionsResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  transactions: z.array(AdminTransaction),
});
export type AdminTransactionsResponse = z.infer<typeof AdminTransactionsResponse>;

/** Top-up and other RC credits answer the balances after the credit. */
export const BalancesResponse = z.object({ balances: Balances });
export type BalancesResponse = z.infer<typeof BalancesResponse>;

/** The value of IDEMPOTENCY_HEADER (routes.ts: zod-free, so first-load web code may name it). */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/);

/**
 * SPEC 4 wallet flow after a verified email: no provider user (the create form), a code sent
 * (the verify form, naming the phone's last four digits), verified (the transactions view).
 */
export const WALLET_ONBOARDING_STEPS = ['create', 'verify', 'verified'] as const;
export const WalletOnboardingView = z.object({
  step: z.enum(WALLET_ONBOARDING_STEPS),
  phoneLast4: z.string().nullable(),
});
export type WalletOnboardingView = z.infer<typeof WalletOnboardingView>;

/** SPEC 5 wallet create (the e-mail is the account's, never sent by the client). */
export const WalletCreateRequest = z.object({
  phone: z.string().max(40),
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  nickname: z.string().max(200).default(''),
});
export type WalletCreateRequest = z.infer<typeof WalletCreateRequest>;

export const WalletVerifyRequest = z.object({ code: z.string().max(40) });
export type WalletVerifyRequest = z.infer<typeof WalletVerifyRequest>;

/**
 * Resend the wallet code: by SMS (the default, SPEC 7 "send verification code (SMS)") or by a
 * voice call, the other channel the provider publishes for its send-code call.
 */
export const CODE_CHANNELS = ['sms', 'voice'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export const WalletResendRequest = z.object({ channel: z.enum(CODE_CHANNELS).default('sms') }).strict();
export type WalletResendRequest = z.infer<typeof WalletResendRequest>;

/**
 * SPEC 9 "Tax information needed above $600 for US withdrawals": what a US payer's information
 * return needs (domain `validateTaxDetails` decides; a refusal names each field in `fields`).
 */
export const TaxDetailsRequest = z.object({
  legalName: z.string().max(200),
  street: z.string().max(200),
  city: z.string().max(200),
  state: z.string().max(10),
  zip: z.string().max(20),
  tin: z.string().max(20),
});
export type TaxDetailsRequest = z.infer<typeof TaxDetailsRequest>;
/** Whether the details are on file; of the TIN only its last four digits ever leave the server. */
export const TaxInfoView = z.object({ saved: z.boolean(), tinLast4: z.string().nullable() });
export type TaxInfoView = z.infer<typeof TaxInfoView>;

/** A Canadian withdrawal request (SPEC 9 "by email request") as the admin console lists it. */
export const AdminCanadianWithdrawal = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  /** Held from the balance, the fee inside it. */
  amount: minor,
  fee: minor,
  /** What support pays out: amount minus the fee. */
  payout: minor,
  status: z.enum(['pending', 'completed', 'rejected']),
  requestedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AdminCanadianWithdrawal = z.infer<typeof AdminCanadianWithdrawal>;
export const AdminCanadianWithdrawalsResponse = z.object({ withdrawals: z.array(AdminCanadianWithdrawal) });
export type AdminCanadianWithdrawalsResponse = z.infer<typeof AdminCanadianWithdrawalsResponse>;

/**
 * SPEC 4 "Wallet onboarding: profile form, processing, photo ID upload if not verified": the
 * identity step after the SMS-verified wallet. `profile`: the identity start form; `processing`:
 * the provider is looking at it; `photo`: a photo ID is needed; `verified`: money may move;
 * `refused`: the SPEC 8 text; `minor`: under the local age of majority, RushCoins only;
 * `flagged`: a stored flag (id-ex: another account of the same person).
 */
export const IDENTITY_STEPS = ['profile', 'processing', 'photo', 'verified', 'refused', 'minor', 'flagged'] as const;
export type IdentityStep = (typeof IDENTITY_STEPS)[number];
export const IdentityView = z.object({
  step: z.enum(IDENTITY_STEPS),
  flag: z.enum(['id-ex', 'id-blocked', 'll-blocked']).nullable(),
  /** The text to show for refused, minor and flagged (SPEC 8 texts); null otherwise. */
  message: z.string().nullable(),
});
export type IdentityView = z.infer<typeof IdentityView>;

/** SPEC 3 Identity profile; the e-mail is the account's, never sent by the client. */
export const IdentityProfileRequest = z.object({
  salutation: z.string().max(20),
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  /** MM/DD/YYYY as typed. */
  dateOfBirth: z.string().max(20),
  /** (###) ###-#### as typed. */
  phone: z.string().max(40),
  citizenshipCountryCode: z.string().max(4),
  deviceGps: DeviceGps.optional(),
});
export type IdentityProfileRequest = z.infer<typeof IdentityProfileRequest>;

/** The photo ID upload's size cap (a phone photo of a card fits easily). */
export const PHOTO_ID_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Issue 32: money between the ledger and the payment provider for longer than the threshold:
 * our side (the deposit checkout still open, the withdrawal still held) beside what the
 * provider's records say now (`unavailable` when it could not be asked).
 */
export const StuckDeposit = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string().nullable(),
  amount: minor,
  createdAt: z.string(),
  ours: z.string(),
  provider: z.enum(['open', 'paid', 'failed', 'expired', 'reversed', 'unavailable']),
});
export const StuckWithdrawal = z.object({
  id: z.string(),
  uid: z.string(),
  username: z.string().nullable(),
  amount: minor,
  requestedAt: z.string(),
  providerRef: z.string().nullable(),
  provider: z.enum([
    'none found',
    'pending',
    'completed',
    'failed, money back',
    'failed, money not back',
    'unavailable',
  ]),
});
/** The last comparison of the platform's balance at the provider with the ledger (cents; null: not read). */
export const FloatCheckView = z.object({
  checkedAt: z.string(),
  provider: z.number().int().nullable(),
  ledger: z.number().int(),
  inFlight: z.number().int(),
  difference: z.number().int().nullable(),
  ok: z.boolean().nullable(),
});
export const StuckPaymentsResponse = z.object({
  olderThanMinutes: z.number().int(),
  float: FloatCheckView.nullable().default(null),
  deposits: z.array(StuckDeposit),
  withdrawals: z.array(StuckWithdrawal),
});
export type StuckPaymentsResponse = z.infer<typeof StuckPaymentsResponse>;
