import { integer, pgTable } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';

/** Users online, sampled every few minutes, for the dashboard's per-day peak. */
export const onlineSamples = pgTable('online_samples', {
  at: ts('at').primaryKey(),
  online: integer('online').notNull(),
});
