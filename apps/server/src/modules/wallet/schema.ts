import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * Account kinds. User, escrow, fee and withdrawal-hold accounts can never go below zero (a CHECK
 * in the database); issuance, clearing and adjustment are the system's counter-accounts, whose
 * negative balance is the money that entered the platform from outside.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'user',
  'escrow',
  'fee',
  'withdrawal',
  'issuance',
  'clearing',
  'adjustment',
  // The platform's side of bot games (RushCoins): never negative, funded once from issuance.
  'house',
  // A user's confirmed Canadian deposit waiting out its funding window (issue 16): never negative.
  'funding',
  // What a user owes after a deposit was reversed at the provider (an ACH return) when their
  // balance no longer held it (issue 32): never positive; a later deposit pays it back first.
  'debt',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    ownerId: text('owner_id'),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'ledger_accounts_non_negative',
      sql`${t.kind} in ('issuance', 'clearing', 'adjustment', 'debt') or ${t.balance} >= 0`,
    ),
    check('ledger_accounts_debt_non_positive', sql`${t.kind} <> 'debt' or ${t.balance} <= 0`),
    index('ledger_accounts_owner_idx').on(t.ownerId),
    // The escrow sweeper looks for escrow still holding money, every few seconds on every instance.
    index('ledger_accounts_open_escrow_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'escrow' and ${t.balance} > 0`),
  ],
);

/** One business event that moves money; its idempotency key makes a replay a no-op. */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    /** The game, lobby or payment this movement belongs to. */
    ref: text('ref'),
    meta: jsonb('meta')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_movements_key').on(t.idempotencyKey),
    index('ledger_movements_ref_idx').on(t.ref),
    // The admin dashboard's deposits and withdrawals per day.
    index('ledger_movements_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/** Double entry: each row debits one account and credits another by the same positive amount. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    movementId: bigint('movement_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerMovements.id),
    fromAccount: text('from_account')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccount: text('to_account')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct', sql`${t.fromAccount} <> ${t.toAccount}`),
    index('ledger_transfers_from_idx').on(t.fromAccount, t.id),
    index('ledger_transfers_to_idx').on(t.toAccount, t.id),
    // The admin dashboard's fee revenue per day (credits to the fee account).
    index('ledger_transfers_to_created_idx').on(t.toAccount, t.createdAt),
    index('ledger_transfers_movement_idx').on(t.movementId),
  ],
);

/** Small named values of the wallet, e.g. the payment webhook signing secret made at first start. */
export const walletSettings = pgTable('wallet_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * SPEC 4, 9: a ban or a report by another player disables withdrawals, 5 minutes after
 * `created_at`. The social and admin capabilities write these rows; an admin decision removes them.
 */
export const walletRestrictions = pgTable(
  'wallet_restrictions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['banned', 'reported'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('wallet_restrictions_uid_idx').on(t.uid)],
);

/** SPEC 3 bet_limit / deposit_limit, with history: the newest row of a kind is the user's limit. */
export const walletLimits = pgTable(
  'wallet_limits',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['bet', 'deposit'] }).notNull(),
    max: bigint('max', { mode: 'bigint' }).notNull(),
    until: ts('until').notNull(),
    setBy: text('set_by', { enum: ['user', 'admin'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('wallet_limits_max_non_negative', sql`${t.max} >= 0`),
    index('wallet_limits_uid_kind_idx').on(t.uid, t.kind, t.id),
  ],
);

/**
 * Our record of a deposit checkout at the payment provider. Money moves only when the provider
 * confirms it (ledger key `deposit:{id}`); an open, unexpired session reserves its amount under
 * the monthly cap so two checkouts cannot together exceed it.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    region: text('region', { enum: ['us', 'ca'] }).notNull(),
    /**
     * `funding`: a Canadian deposit the provider confirmed, held until `funds_at` (issue 16).
     * `failed` / `expired`: the provider says the payment failed or the checkout expired
     * (`cancelled` is the sandbox's abandoned checkout). `reversed`: credited, then returned by
     * the payer's bank; the money was taken back (ledger `deposit:reverse:{id}`).
     */
    status: text('status', {
      enum: ['open', 'funding', 'completed', 'cancelled', 'failed', 'expired', 'reversed'],
    }).notNull(),
    /** The provider's checkout (Dots: the checkout session id). */
    providerRef: text('provider_ref'),
    /** The provider's payment behind the checkout (Dots: the payment intent id), once known. */
    providerPayment: text('provider_payment'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** When the money reached the balance. */
    completedAt: ts('completed_at'),
    /** Canadian deposits: when the provider confirmed, and when the funding window ends. */
    confirmedAt: ts('confirmed_at'),
    fundsAt: ts('funds_at'),
    /** When the provider's failure, expiry or reversal was recorded. */
    endedAt: ts('ended_at'),
  },
  (t) => [
    // The funding sweep, every second on every instance: only deposits still in their window.
    index('payment_sessions_funding_idx')
      .on(t.fundsAt)
      .where(sql`${t.status} = 'funding'`),
    check('payment_sessions_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
    // Monthly cap and the 48 hours after the last deposit read a user's sessions by date.
    index('payment_sessions_uid_created_idx').on(t.uid, t.createdAt),
    uniqueIndex('payment_sessions_provider_ref_key').on(t.providerRef),
    // The deposit sweep re-reads checkouts the provider has not answered yet, oldest first.
    index('payment_sessions_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A withdrawal request: its amount sits in the user's withdrawal account (pending) until the
 * provider's payout result completes it (to clearing, fee to the fee account) or rejects it
 * (back to the user), under the ledger key `withdraw:resolve:{id}`, exactly once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    region: text('region', { enum: ['us', 'ca'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'rejected'] }).notNull(),
    /** Set once the provider accepted the payout request; unset rows are sent again by the sweeper. */
    providerRef: text('provider_ref'),
    requestedAt: ts('requested_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
    index('withdrawals_uid_idx').on(t.uid),
    index('withdrawals_unsent_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'pending' and ${t.providerRef} is null`),
    // The admin console's open Canadian e-mail requests (issue 16), oldest first.
    index('withdrawals_ca_pending_idx')
      .on(t.requestedAt)
      .where(sql`${t.region} = 'ca' and ${t.status} = 'pending'`),
  ],
);

/**
 * SPEC 9 "Tax information needed above $600 for US withdrawals" (issue 16): one row per user,
 * the details (legal name, address, TIN) as one AES-256-GCM ciphertext bound to the user id
 * (TAX_INFO_KEY); only the TIN's last four digits are kept in clear, the only part ever shown.
 */
export const taxProfiles = pgTable('tax_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  details: text('details').notNull(),
  tinLast4: text('tin_last4').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * The built-in sandbox payment provider's own books (checkouts and payouts). It stands for an
 * outside service: our wallet never reads these rows, it only hears from the provider through
 * signed notifications. `notify_at` is the provider's outbox: a notification still to deliver.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['checkout', 'payout'] }).notNull(),
    /** The merchant's (our) id of the deposit session or withdrawal. */
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled', 'pending', 'completed', 'rejected'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at'),
    /** Payouts: when the sandbox bank answers. */
    dueAt: ts('due_at'),
    notifyType: text('notify_type'),
    notifyAt: ts('notify_at'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    uniqueIndex('sandbox_payments_reference_key').on(t.kind, t.reference),
    index('sandbox_payments_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('sandbox_payments_notify_idx')
      .on(t.notifyAt)
      .where(sql`${t.notifyAt} is not null`),
  ],
);

/**
 * The last result of the ledger reconciliation (every currency sums to zero, every stored balance
 * equals its transfers), one row per check name, so the admin health endpoint of any instance
 * reads what whichever instance ran last found. `last_failed_at` keeps a past failure visible
 * after the ledger is right again.
 */
export const ledgerReconciliation = pgTable('ledger_reconciliation', {
  name: text('name').primaryKey(),
  ok: boolean('ok').notNull(),
  checkedAt: ts('checked_at').notNull(),
  /** Sum of all balances per currency, as decimal strings (zero when the books balance). */
  sums: jsonb('sums').$type<Record<string, string>>().notNull(),
  mismatchCount: integer('mismatch_count').notNull(),
  /** The first mismatching accounts: stored balance against the net of their transfers. */
  mismatches: jsonb('mismatches').$type<{ account: string; stored: string; fromTransfers: string }[]>().notNull(),
  accounts: integer('accounts').notNull(),
  transfers: bigint('transfers', { mode: 'bigint' }).notNull(),
  durationMs: integer('duration_ms').notNull(),
  lastFailedAt: ts('last_failed_at'),
});

/**
 * The user's account at the Dots wallet provider (SPEC 3 "payment wallet id", SPEC 7 DOTS):
 * the verification id from create user while the SMS code is pending, then Dots' user id once
 * verified. Only PAYMENTS=dots writes it; checkouts and payouts are for this Dots user.
 */
export const dotsUsers = pgTable(
  'dots_users',
  {
    uid: text('uid')
      .primaryKey()
      .references(() => users.id),
    verificationId: text('verification_id').notNull(),
    dotsUserId: text('dots_user_id'),
    createdAt: ts('created_at').notNull(),
    verifiedAt: ts('verified_at'),
  },
  (t) => [
    uniqueIndex('dots_users_verification_idx').on(t.verificationId),
    uniqueIndex('dots_users_dots_user_idx').on(t.dotsUserId),
  ],
);

/**
 * Where a user stands with the payment wallet provider (SPEC 4 wallet flow): after the create
 * form the provider's verification id (an SMS code was sent), after the code the provider's user
 * id. One row per user; the wallet screen shows the create form without one.
 */
export const walletOnboarding = pgTable('wallet_onboarding', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  verificationId: text('verification_id').notNull(),
  providerUserId: text('provider_user_id'),
  /** The last four digits of the phone the code went to (the verify form names it). */
  phoneLast4: text('phone_last4').notNull(),
  createdAt: ts('created_at').notNull(),
  verifiedAt: ts('verified_at'),
});

/**
 * Where each user stands with identity verification (SPEC 4: profile, processing, photo ID):
 * `open` (nothing or a failed try: the form again), `processing` (the provider is being asked; a
 * stale one counts as open), `photo`, `uploading` (the photo ID is being sent; a stale one counts
 * as photo), `verified`, `refused`, `minor` (RushCoins only; may submit
 * again), `duplicate` (id-ex). Only what the rules need is kept: no name, birth date, phone or
 * image, just the keyed hash that makes one person one account (unique: the second account of the
 * same person cannot claim it, whatever the timing) and the provider's reference for the upload.
 */
export const IDENTITY_STATUSES = [
  'open',
  'processing',
  'photo',
  'uploading',
  'verified',
  'refused',
  'minor',
  'duplicate',
] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const identityProfiles = pgTable(
  'identity_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    /** HMAC-SHA256 (hex) of the normalised first and last name, date of birth and phone; null for a duplicate. */
    identityHash: text('identity_hash'),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull(),
    /** The identity provider's customer reference (IDENTITY=provider), for the photo ID upload. */
    providerRef: text('provider_ref'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('identity_profiles_hash_idx').on(t.identityHash)],
);
