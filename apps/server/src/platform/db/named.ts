import type { DbOrTx } from './database.ts';
import type { RunNamed } from './pglite-named.mjs';

/**
 * The named statements of a PGlite handle (issue 35: pglite-named.mjs): the hottest statements
 * run as one protocol exchange on a statement parsed and planned once, instead of PGlite's six
 * exchanges and a new plan per call. Null on PostgreSQL (node-postgres already prepares a named
 * statement once per connection and runs it in one exchange) and inside a transaction (its
 * statements must join it: they go through Drizzle).
 */
export function namedStatementsOf(db: DbOrTx): RunNamed | null {
  const client = (db as { $client?: { runNamed?: RunNamed } }).$client;
  return typeof client?.runNamed === 'function' ? client.runNamed.bind(client) : null;
}
