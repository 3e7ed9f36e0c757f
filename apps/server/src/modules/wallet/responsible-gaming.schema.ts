import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/*
 * Issue 37, responsible gaming: the wallet's tables for loss limits, breaks, reality checks and
 * the monthly statement mails (the money itself is in schema.ts's ledger).
 */

/**
 * Issue 37: a player's net-loss limits per currency and period. Rows are only added: the limit in
 * force for (uid, currency, period) at a time is the newest row whose `effective_at` has passed
 * (`max` null = no limit). A tighter limit takes effect at once; a looser one (or its removal)
 * 24 hours after it was asked for, and a newer row supersedes a pending one.
 */
export const lossLimits = pgTable(
  'loss_limits',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    currency: text('currency', { enum: ['usd', 'wbx'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    /** Minor units; null lifts the limit (a loosening, so it waits like one). */
    max: bigint('max', { mode: 'bigint' }),
    effectiveAt: ts('effective_at').notNull(),
    setBy: text('set_by', { enum: ['user', 'admin'] }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('loss_limits_max_non_negative', sql`${t.max} is null or ${t.max} >= 0`),
    index('loss_limits_uid_idx').on(t.uid, t.currency, t.period, t.id),
  ],
);

/**
 * Issue 37: a break a player takes (24 hours, 7 or 30 days). Rows are only added; the player is
 * cooling off while any row's `until` is later than now. It cannot be shortened: a new break only
 * ever ends later.
 */
export const coolOffs = pgTable(
  'cool_offs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    startedAt: ts('started_at').notNull(),
    until: ts('until').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('cool_offs_until_after_start', sql`${t.until} > ${t.startedAt}`),
    index('cool_offs_uid_until_idx').on(t.uid, t.until),
  ],
);

/**
 * Issue 37: where a player's reality checks stand (domain `reality-check.ts`), one row per player,
 * kept here so a reload and every tab see the same session and the same answered check.
 */
export const realityChecks = pgTable('reality_checks', {
  uid: text('uid')
    .primaryKey()
    .references(() => users.id),
  sessionStartedAt: ts('session_started_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  acknowledgedAt: ts('acknowledged_at'),
});

/**
 * Issue 37: the monthly statement mails sent, one row per player and month ("2026-11"). The
 * primary key is the once-only rule: an instance claims the row before it sends, so a second
 * instance or a restart never mails a month twice.
 */
export const statementMails = pgTable(
  'statement_mails',
  {
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.month] })],
);
