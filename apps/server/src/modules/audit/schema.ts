import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';
import { ts } from '../../platform/db/columns.ts';

/**
 * Every admin action (issue 12): who, what, on whom, the state before and after, when. Like the
 * ledger it is history: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0016).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    adminUid: text('admin_uid')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    /** A uid, a report or flag id, `app`, a wager `currency/key`; null when the action has none. */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at),
    index('admin_audit_action_idx').on(t.action, t.at),
    index('admin_audit_admin_idx').on(t.adminUid, t.at),
    index('admin_audit_target_idx').on(t.target, t.at),
  ],
);
