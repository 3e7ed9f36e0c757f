import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/platform/db/database.ts';
import { isConnectionLoss } from '../../src/platform/db/sql-errors.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../support/database.ts';

/**
 * Issue 18: PostgreSQL ending a connection the server holds (a failover, an operator's
 * pg_terminate_backend) while a transaction waits on our own code between two statements. Before,
 * the checked-out client emitted an unhandled 'error' and the whole instance died.
 */
describe.runIf(TEST_DATABASE_URL)('a PostgreSQL connection cut inside a transaction', () => {
  it('fails that transaction as a lost connection, and the process and the pool carry on', async () => {
    const database = await createTestDatabase('postgres');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          await admin.query('select pg_terminate_backend($1)', [row!.pid]);
          // No statement in flight while the server ends it: the 'error' reaches the client alone.
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(failure).not.toBeNull();
      expect(isConnectionLoss(failure)).toBe(true);
      const after = rowsOf<{ ok: number }>(await database.db.execute(sql`select 1 as ok`));
      expect(after[0]?.ok).toBe(1);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
