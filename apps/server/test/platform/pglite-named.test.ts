import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../src/platform/db/database.ts';
import { namedStatementsOf } from '../../src/platform/db/named.ts';
import type { RunNamed } from '../../src/platform/db/pglite-named.mjs';
import { SQLSTATE, sqlErrorOf } from '../../src/platform/db/sql-errors.ts';
import { pgliteFolderFromTemplate } from '../support/database.ts';

/**
 * Named statements on PGlite (issue 35, pglite-named.mjs): in the server's thread and in the
 * database thread alike, a statement prepared once answers its rows as text, keeps its errors'
 * SQLSTATE, never runs inside another caller's open transaction, and what it writes is on disk.
 */
describe.each(['in the server thread', 'in the database thread'] as const)('named statements %s', (where) => {
  // PGlite is enough: PGlite's own runner is tested here; PostgreSQL's is node-postgres's (pg-named.test.ts).
  let database: Database;
  let named: RunNamed;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-named-'));
    await pgliteFolderFromTemplate(dir);
    database = await openDatabase({ kind: 'pglite', dataDir: dir, thread: where === 'in the database thread' });
    named = namedStatementsOf(database.db);
    await database.db.execute(sql`create table named_t (k text primary key, n int not null, at timestamptz)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is there on the database handle, and not in a transaction (whose statements must join it)', async () => {
    expect(named).toBeTypeOf('function');
    await database.db.transaction((tx) => {
      expect(() => namedStatementsOf(tx)).toThrow(/database handle only/);
      return Promise.resolve();
    });
  });

  it('runs a statement again and again with new values, its fields as text', async () => {
    const text = 'insert into named_t (k, n, at) values ($1, $2, $3) returning k, n, at, n + 1 as next';
    expect(await named('named_insert', text, ['a', '1', '2026-11-29T10:00:00.000Z'])).toEqual([
      ['a', '1', '2026-11-29 10:00:00+00', '2'],
    ]);
    expect(await named('named_insert', text, ['b', '2', null])).toEqual([['b', '2', null, '3']]);
    expect(await named('named_count', 'select count(*)::int from named_t where n >= $1', ['0'])).toEqual([['2']]);
    // A condition that matches nothing: no rows.
    expect(await named('named_count', 'select count(*)::int from named_t where n >= $1', ['9'])).toEqual([['0']]);
  });

  it('keeps the SQLSTATE of an error, and the session stays usable', async () => {
    const err = await named('named_insert_dup', 'insert into named_t (k, n) values ($1, $2)', ['a', '1']).catch(
      (e: unknown) => e,
    );
    expect(sqlErrorOf(err)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: 'named_t_pkey' });
    expect(await named('named_count', 'select count(*)::int from named_t where n >= $1', ['0'])).toEqual([['2']]);
  });

  it('refuses a name already prepared with another text', async () => {
    await expect(named('named_count', 'select 1 where $1::int > 0', ['1'])).rejects.toThrow(/another text/);
  });

  it('waits for an open transaction to end instead of running inside it', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = new Promise<void>((resolve) => (inserted = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into named_t (k, n) values ('in-tx', 5)`);
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await open;
    // Sent while the transaction is open and holds its row: inside it, it would count that row.
    // PGlite is enough: PGlite's own one-at-a-time lock is what is tested; on PostgreSQL the runner takes another pooled connection.
    const counted = named('named_count', 'select count(*)::int from named_t where n >= $1', ['5']);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await counted).toEqual([['0']]);
  });

  // Last: it closes the database.
  it('what it wrote is in the folder when another PGlite opens it', async () => {
    await named(
      'named_insert',
      'insert into named_t (k, n, at) values ($1, $2, $3) returning k, n, at, n + 1 as next',
      ['durable', '7', null],
    );
    await database.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(rowsOf<{ k: string }>(await again.db.execute(sql`select k from named_t where n = 7`))).toEqual([
        { k: 'durable' },
      ]);
    } finally {
      await again.close();
    }
  }, 30_000);
});
