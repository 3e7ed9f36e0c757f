import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import { namedStatementsOf } from '../../src/platform/db/named.ts';
import type { RunNamed } from '../../src/platform/db/pglite-named.mjs';
import { SQLSTATE, sqlErrorOf } from '../../src/platform/db/sql-errors.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../support/database.ts';

/**
 * Named statements on PostgreSQL (issue 35, pg-named.ts): the move's append runs straight on the
 * pool as a statement node-postgres prepares once per connection. The same contract as PGlite's
 * (pglite-named.test.ts): parameters and fields as text, errors with their SQLSTATE, never on a
 * transaction's handle. PostgreSQL only: it is node-postgres's encoding that is tested.
 */
describe.runIf(TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let database: Database;
  let named: RunNamed;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    named = namedStatementsOf(database.db);
    await database.db.execute(sql`create table named_t (k text primary key, n int not null, at timestamptz)`);
  });
  afterAll(() => database?.close());

  it('runs a statement again and again, on any pooled connection, its fields as text', async () => {
    const text = 'insert into named_t (k, n, at) values ($1, $2, $3) returning k, n, at, n + 1 as next';
    const [[k, n, at, next]] = (await named('named_insert', text, ['a', '1', '2026-11-29T10:00:00.000Z'])) as [
      (string | null)[],
    ];
    expect([k, n, next]).toEqual(['a', '1', '2']);
    // The server's own text of a timestamptz (its TimeZone's offset), the same instant.
    expect(typeof at).toBe('string');
    expect(new Date(at!).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    // Several at once: the pool hands out several connections, each prepares the name once.
    const counts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        named('named_count', 'select count(*)::int from named_t where n >= $1', [String(i % 2)]),
      ),
    );
    expect(counts).toEqual(Array.from({ length: 6 }, () => [['1']]));
    expect(await named('named_insert', text, ['b', '2', null])).toEqual([['b', '2', null, '3']]);
    expect(await named('named_count', 'select count(*)::int from named_t where n >= $1', ['9'])).toEqual([['0']]);
  });

  it('keeps the SQLSTATE of an error, and the pool stays usable', async () => {
    const err = await named('named_insert_dup', 'insert into named_t (k, n) values ($1, $2)', ['a', '1']).catch(
      (e: unknown) => e,
    );
    expect(sqlErrorOf(err)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: 'named_t_pkey' });
    expect(await named('named_count', 'select count(*)::int from named_t where n >= $1', ['0'])).toEqual([['2']]);
  });

  it("is not on a transaction's handle (its statements must join it through Drizzle)", async () => {
    await database.db.transaction((tx) => {
      expect(() => namedStatementsOf(tx)).toThrow(/database handle only/);
      return Promise.resolve();
    });
  });
});
