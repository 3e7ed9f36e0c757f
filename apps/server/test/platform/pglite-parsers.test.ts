import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/accounts/schema.ts';
import { rowsOf } from '../../src/platform/db/database.ts';
import { withParsersInstalled } from '../../src/platform/db/pglite-parsers.ts';
import { register } from '../realtime/support/accounts.ts';
import { pgliteFromTemplate } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The PGlite client Drizzle talks to has Drizzle's pass-through parsers installed once, instead
 * of PGlite merging them into its parser table on every query (issue 17). Nothing Drizzle reads
 * may change: timestamps still become Dates, raw rows keep the text Drizzle asked for.
 */
describe('PGlite with the parsers installed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite', http: 'inject' });
  });
  afterAll(() => server?.stop());

  it('Drizzle reads timestamps as Dates, in and out of a transaction', async () => {
    const { uid } = await register(server);
    const { db } = server.database;
    const [plain] = await db.select({ at: users.createdAt }).from(users).where(eq(users.id, uid));
    const [inTx] = await db.transaction((tx) =>
      tx.select({ at: users.createdAt }).from(users).where(eq(users.id, uid)),
    );
    expect(plain!.at).toBeInstanceOf(Date);
    expect(inTx!.at).toEqual(plain!.at);
  });

  it('raw rows keep the text Drizzle asks for (timestamps, intervals, dates)', async () => {
    const result = await server.database.db.execute(
      sql`select timestamptz '2026-11-27 10:00:00+00' as t, interval '1 day' as i, date '2026-11-27' as d, 7::int as n`,
    );
    const [row] = rowsOf<Record<string, unknown>>(result);
    expect(row).toEqual({ t: '2026-11-27 10:00:00+00', i: '1 day', d: '2026-11-27', n: 7 });
  });
});

describe('withParsersInstalled', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await pgliteFromTemplate(); // a bare instance; a clone starts in a fraction of an initdb
  });
  afterAll(() => pg?.close());

  it('drops only the parsers it installed; any other per-query parser is honoured', async () => {
    const client = withParsersInstalled(pg);
    const identity = (v: string) => v;
    const installed = await client.query('select 5::int as n', [], { parsers: { 1184: identity, 1114: identity } });
    expect(installed.rows).toEqual([{ n: 5 }]);
    const own = await client.query('select 5::int as n', [], { parsers: { 23: (v: string) => `int ${v}` } });
    expect(own.rows).toEqual([{ n: 'int 5' }]);
    const inTx = await client.transaction((tx) =>
      tx.query('select 5::int as n', [], { parsers: { 23: (v: string) => `int ${v}` } }),
    );
    expect(inTx.rows).toEqual([{ n: 'int 5' }]);
  });
});
