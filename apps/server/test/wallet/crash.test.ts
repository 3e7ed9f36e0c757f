import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { applyMovement } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { createTestDatabase, POSTGRES_TOO, pgliteFolderFromTemplate } from '../support/database.ts';
import { expectLedgerInvariants } from './support/wallet.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const script = path.join(here, 'support/crash-burst.ts');

/** Runs the burst in a child process and kills it with SIGKILL once `after` movements are done. */
async function burstAndKill(kind: 'pglite' | 'postgres', target: string, after: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind, target], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let moved = 0;
  let deadline: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        const m = d.toString().match(/moved (\d+)\s*$/);
        if (m) moved = Number(m[1]);
        if (moved >= after) resolve();
      });
      void exited.then((e) => reject(new Error(`burst exited early (${e.code ?? e.signal}): ${stderr.slice(-2000)}`)));
      deadline = setTimeout(() => reject(new Error(`burst too slow: ${moved} movements`)), 150_000);
    });
  } finally {
    clearTimeout(deadline);
    child.kill('SIGKILL'); // mid-burst: four lanes have transactions in flight (and never left running)
  }
  expect((await exited).signal).toBe('SIGKILL');
  return moved;
}

async function expectRecovered(database: Database): Promise<void> {
  await expectLedgerInvariants(database.db);
  const [row] = await database.db.select({ n: count() }).from(ledgerMovements);
  expect(row!.n).toBeGreaterThan(100);
  // And the ledger keeps working after the crash.
  const from = accountOf.clearing('usd');
  const to = accountOf.user('after-crash', 'usd');
  await applyMovement(database.db, {
    key: 'after-crash',
    kind: 'deposit',
    currency: 'usd',
    accounts: [from, to],
    legs: () => [{ from, to, amount: 1n }],
  });
  await expectLedgerInvariants(database.db);
}

// On PostgreSQL too: its server outlives the killed client, whose four lanes had transactions in flight.
describe.each(POSTGRES_TOO)('a crash in the middle of a burst of transfers (%s)', (kind) => {
  it('the process killed with SIGKILL: after reopening, every invariant holds', { timeout: 180_000 }, async () => {
    if (kind === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-crash-'));
      try {
        await pgliteFolderFromTemplate(dir); // the crash is under test, not the burst's first start
        await burstAndKill('pglite', dir, 400);
        // The dead process's lockfile is stale: reopening takes it over.
        expect(fs.existsSync(path.join(dir, '.lock'))).toBe(true);
        const reopened = await openDatabase({ kind: 'pglite', dataDir: dir });
        try {
          await expectRecovered(reopened);
        } finally {
          await reopened.close();
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const database = await createTestDatabase('postgres');
      try {
        await burstAndKill('postgres', database.url!, 400);
        await expectRecovered(database);
      } finally {
        await database.close();
      }
    }
  });
});
