import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/accounts/schema.ts';
import { openDatabase, rowsOf, type Database } from '../../src/platform/db/database.ts';
import { SQLSTATE, sqlErrorOf } from '../../src/platform/db/sql-errors.ts';
import { register } from '../realtime/support/accounts.ts';
import { pgliteFolderFromTemplate } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * PGlite in a worker thread (issue 35) answers Drizzle as the in-thread PGlite does: the same
 * values, the same SQLSTATEs on the errors the stores map, transactions that commit, roll back and
 * run one at a time, and a data folder that another PGlite opens afterwards.
 */
describe('PGlite in a worker thread', () => {
  // PGlite is enough: the thread is a PGlite; PostgreSQL has no thread to test.
  let thread: Database;
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    // A data folder holding the migrated schema: the thread's first start is not what is tested.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    await pgliteFolderFromTemplate(dir);
    thread = await openDatabase({ kind: 'pglite', dataDir: dir, thread: true });
    server = await startTestServer({ kind: 'pglite', http: 'inject', database: thread });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await thread?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the real server: a registration and Drizzle reads of its row', async () => {
    const { uid } = await register(server);
    const [row] = await thread.db
      .select({ id: users.id, at: users.createdAt, settings: users.settings, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, uid));
    expect(row!.id).toBe(uid);
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.settings).toMatchObject({ showDollar: true });
    expect(row!.verified).toBe(false);
  });

  it('values cross the thread as they are: bigint, bytea, jsonb, and the text types Drizzle asks for', async () => {
    const result = await thread.db.execute(
      sql`select 9007199254740993::int8 as big, '\\x0102ff'::bytea as bytes, '{"a":[1,2]}'::jsonb as doc,
             timestamptz '2026-11-27 10:00:00+00' as t, interval '1 day' as i, 7::int as n`,
    );
    const [row] = rowsOf<Record<string, unknown>>(result);
    expect(row!.big).toBe(9007199254740993n);
    expect([...(row!.bytes as Uint8Array)]).toEqual([1, 2, 255]);
    expect(row!.doc).toEqual({ a: [1, 2] });
    expect(row).toMatchObject({ t: '2026-11-27 10:00:00+00', i: '1 day', n: 7 });
  });

  it('a constraint violation keeps its SQLSTATE and constraint name', async () => {
    const { uid } = await register(server);
    const [me] = await thread.db.select({ u: users.username }).from(users).where(eq(users.id, uid));
    const err = await thread.db
      .insert(users)
      .values({ id: 'dup', username: me!.u, usernameLower: me!.u.toLowerCase(), email: 'x@y.z', emailLower: 'x@y.z' })
      .catch((e: unknown) => e);
    expect(sqlErrorOf(err)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: 'users_username_lower_key' });
  });

  it('a transaction commits, one that throws rolls back, a nested one rolls back alone', async () => {
    await thread.db.execute(sql`create table if not exists thread_t (k text primary key, v int not null)`);
    await thread.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t values ('kept', 1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_t values ('inner', 1)`);
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    const failed = await thread.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t values ('lost', 1)`);
        throw new Error('work fails');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('work fails');
    const keys = rowsOf<{ k: string }>(await thread.db.execute(sql`select k from thread_t order by k`)).map((r) => r.k);
    expect(keys).toEqual(['kept']);
  });

  it('transactions run one at a time: read-modify-write from many at once loses no update', async () => {
    await thread.db.execute(sql`create table if not exists thread_c (id int primary key, n int not null)`);
    await thread.db.execute(sql`insert into thread_c values (1, 0) on conflict do nothing`);
    // PGlite is enough: the thread's own one-at-a-time lock is what is tested; PostgreSQL has no thread.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        thread.db.transaction(async (tx) => {
          const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select n from thread_c where id = 1`));
          await tx.execute(sql`update thread_c set n = ${row!.n + 1} where id = 1`);
        }),
      ),
    );
    const [row] = rowsOf<{ n: number }>(await thread.db.execute(sql`select n from thread_c where id = 1`));
    expect(row!.n).toBe(20);
  });

  // Last: it closes the thread.
  it('holds the folder lock, keeps what it committed, and refuses work once closed', async () => {
    const second = await openDatabase({ kind: 'pglite', dataDir: dir, thread: true }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(Error);
    await thread.db.execute(sql`create table kept (v text)`);
    await thread.db.execute(sql`insert into kept values ('after restart')`);
    await server.stop();
    await thread.close();
    expect(await thread.db.execute(sql`select 1`).catch((e: unknown) => e)).toBeInstanceOf(Error);

    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(rowsOf<{ v: string }>(await again.db.execute(sql`select v from kept`))).toEqual([{ v: 'after restart' }]);
    } finally {
      await again.close();
    }
  }, 30_000);
});
