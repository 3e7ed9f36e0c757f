import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  emptyPostgresDatabase,
  POSTGRES_TOO,
  pgliteFolderFromTemplate,
} from '../support/database.ts';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { backupPglite, BackupError, findPgTool, restorePglite } from '../../src/platform/db/backup.ts';
import { DataDirLockedError } from '../../src/platform/db/lockfile.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { Ledger } from '../../src/modules/wallet/ledger.ts';
import { applyMovement } from '../../src/modules/wallet/ledger.store.ts';
import { checkLedger } from '../../src/modules/wallet/reconciliation.store.ts';
import { ledgerAccounts, ledgerMovements, ledgerTransfers } from '../../src/modules/wallet/schema.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The CLIs as `npm run backup` / `npm run restore` start them (without npm's own start-up). */
const cli = (name: 'backup' | 'restore', args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT, `apps/server/src/cli/${name}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '' },
  });

async function makeLedger(database: Database): Promise<void> {
  const ledger = new Ledger(database.db);
  for (const [uid, amount] of [
    ['bk-a', 5_000n],
    ['bk-b', 3_000n],
  ] as const) {
    const from = accountOf.clearing('usd');
    const to = accountOf.user(uid, 'usd');
    await applyMovement(database.db, {
      key: `bk:fund:${uid}`,
      kind: 'deposit',
      currency: 'usd',
      accounts: [from, to],
      legs: () => [{ from, to, amount }],
    });
  }
  await ledger.hold({ ref: 'game:bk1', uid: 'bk-a', currency: 'usd', amount: 1_000n });
  await ledger.hold({ ref: 'game:bk1', uid: 'bk-b', currency: 'usd', amount: 1_000n });
  await ledger.settle({ ref: 'game:bk1', currency: 'usd', winners: ['bk-b'] });
  await ledger.hold({ ref: 'game:bk2', uid: 'bk-a', currency: 'usd', amount: 700n }); // still open
}

/** The ledger row for row: accounts, movements and transfers in id order. */
async function readLedger(database: Database) {
  const db = database.db;
  return {
    accounts: await db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id)),
    movements: await db.select().from(ledgerMovements).orderBy(asc(ledgerMovements.id)),
    transfers: await db.select().from(ledgerTransfers).orderBy(asc(ledgerTransfers.id)),
  };
}

async function expectSameLedger(restored: Database, before: Awaited<ReturnType<typeof readLedger>>) {
  const after = await readLedger(restored);
  expect(after.transfers).toHaveLength(7); // 2 deposits, 2 stakes, pot to winner and fee, 1 open stake
  expect(after).toEqual(before);
  expect((await checkLedger(restored.db)).ok).toBe(true);
  // The restored database keeps the guard: a balance still changes only by transfers.
  await expect(
    restored.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = 'user:bk-a:usd'`),
  ).rejects.toThrow();
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rush-backup-'));

describe.each(POSTGRES_TOO)('npm run backup / npm run restore on %s', (kind) => {
  it('restores into a fresh database the same ledger, row for row, and refuses a target holding data', async () => {
    const dir = tmp();
    if (kind === 'pglite') {
      const source = path.join(dir, 'source');
      await pgliteFolderFromTemplate(source); // the backup is under test, not a first start
      const database = await openDatabase({ kind: 'pglite', dataDir: source });
      let before;
      try {
        await makeLedger(database);
        before = await readLedger(database);
        // The server holds the folder: a backup now is refused rather than racing it.
        await expect(backupPglite(source, path.join(dir, 'busy.tar.gz'))).rejects.toThrow(DataDirLockedError);
      } finally {
        await database.close();
      }
      const file = path.join(dir, 'ledger.tar.gz');
      await cli('backup', [file, `--data-dir=${source}`]);
      await expect(restorePglite(file, source)).rejects.toThrow(/already holds a database/);
      const target = path.join(dir, 'restored');
      await cli('restore', [file, `--data-dir=${target}`]);
      const restored = await openDatabase({ kind: 'pglite', dataDir: target });
      try {
        await expectSameLedger(restored, before);
      } finally {
        await restored.close();
      }
    } else {
      const database = await createTestDatabase('postgres');
      const file = path.join(dir, 'ledger.dump');
      let before;
      try {
        await makeLedger(database);
        before = await readLedger(database);
        await cli('backup', [file, `--database-url=${database.url}`]); // while it is open: pg_dump reads a snapshot
        await expect(cli('restore', [file, `--database-url=${database.url}`])).rejects.toThrow(/not empty/);
      } finally {
        await database.close();
      }
      const fresh = await emptyPostgresDatabase();
      try {
        await cli('restore', [file, `--database-url=${fresh.url}`]);
        const restored = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 });
        try {
          await expectSameLedger(restored, before);
        } finally {
          await restored.close();
        }
      } finally {
        await fresh.drop();
      }
    }
  }, 240_000); // PGlite: four starts of a folder, and two CLI processes, on a 2-core machine
});

describe('PostgreSQL client tools', () => {
  it('says clearly when pg_dump is missing', () => {
    expect(() => findPgTool('pg_dump', [tmp()])).toThrow(BackupError);
    expect(() => findPgTool('pg_dump', [tmp()])).toThrow(/pg_dump was not found.*postgresql-client/);
  });
});
