import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * SPEC 3 Flagged user: uid to flags. `system` flags are raised by fair play (issue 14), `admin`
 * ones by hand; deleting a flag removes the row (the audit log keeps what it was).
 */
export const fairPlayFlags = pgTable(
  'fair_play_flags',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    source: text('source', { enum: ['system', 'admin'] }).notNull(),
    evidence: text('evidence').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id),
  },
  (t) => [index('fair_play_flags_uid_idx').on(t.uid, t.createdAt)],
);

/** Users online, sampled every few minutes, for the dashboard's per-day peak. */
export const onlineSamples = pgTable('online_samples', {
  at: ts('at').primaryKey(),
  online: integer('online').notNull(),
});
