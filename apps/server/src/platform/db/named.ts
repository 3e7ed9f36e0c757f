import type { DbOrTx } from './database.ts';
import type { RunNamed } from './pglite-named.mjs';

/**
 * The named statements of the database handle (issue 35): the hottest statements (a move's
 * append) run as one protocol exchange on a statement parsed and planned once per session, their
 * parameters and fields as text. PGlite's come from pglite-named.mjs (its own `query` parses and
 * plans every call, in six exchanges), PostgreSQL's from pg-named.ts (straight on the pool, without
 * Drizzle's mapping). A transaction's handle has none: its statements must join it through Drizzle.
 */
export function namedStatementsOf(db: DbOrTx): RunNamed {
  const client = (db as { $client?: { runNamed?: RunNamed } }).$client;
  if (typeof client?.runNamed !== 'function') throw new Error('named statements run on the database handle only');
  return client.runNamed.bind(client);
}
