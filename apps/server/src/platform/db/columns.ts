import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column: `timestamptz`, read and written as a JS Date (one definition for all schema files). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
