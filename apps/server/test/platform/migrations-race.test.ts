import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../../src/platform/db/database.ts';
import { emptyPostgresDatabase, TEST_DATABASE_URL } from '../support/database.ts';

/** Two instances starting together on a fresh PostgreSQL database (only with TEST_DATABASE_URL). */
describe.runIf(TEST_DATABASE_URL)('migrations on a fresh PostgreSQL database', () => {
  it('two instances opening it at once both start, and the schema is migrated once', async () => {
    const fresh = await emptyPostgresDatabase();
    try {
      const opened = await Promise.allSettled([
        openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 }),
        openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 }),
      ]);
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);

      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      try {
        const applied = await client.query<{ n: string; distinct_hashes: string }>(
          'select count(*)::text as n, count(distinct hash)::text as distinct_hashes from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct_hashes);
        const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
        const triggers = await client.query(
          "select tgname from pg_trigger where tgname in ('ledger_transfers_apply', 'ledger_accounts_guard')",
        );
        expect(triggers.rowCount).toBe(2);
      } finally {
        await client.end();
      }
    } finally {
      await fresh.drop();
    }
  });
});
