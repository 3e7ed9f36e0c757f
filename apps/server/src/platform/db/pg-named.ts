import type pg from 'pg';
import type { RunNamed } from './pglite-named.mjs';

const asSent = (value: string) => value;
/** Every column read as the text PostgreSQL sent (the contract of RunNamed, as on PGlite). */
const AS_TEXT = { getTypeParser: () => asSent };

/**
 * Named statements on PostgreSQL (named.ts): node-postgres prepares a named statement once per
 * connection and then runs it as one exchange (bind, execute, sync). Run on the pool directly,
 * its rows as arrays of text: what the hottest write costs without Drizzle's mapping around it.
 */
export function pgNamedRunner(pool: pg.Pool): RunNamed {
  const query = pool.query.bind(pool);
  return async (name, text, values) => {
    const result = await query<(string | null)[]>({
      name,
      text,
      values: values as (string | null)[],
      rowMode: 'array',
      types: AS_TEXT,
    });
    return result.rows;
  };
}
