import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { accountOf, applyMovement } from '../../apps/server/src/modules/wallet/index.ts';
import type { BenchResult } from './types.ts';

const run = promisify(execFile);
const ACCOUNTS = 64;

export interface LedgerThroughputOptions {
  /** Transfers per client. */
  perClient: number;
  clients: number;
  /** PostgreSQL server to create a scratch database on. */
  postgresUrl: string;
}

/** Gives every bench account a large balance, from the clearing account, through the ledger. */
async function seed(database: Database): Promise<void> {
  const clearing = accountOf.clearing('usd');
  for (let i = 1; i <= ACCOUNTS; i++) {
    const to = accountOf.user(`acct${i}`, 'usd');
    await applyMovement(database.db, {
      key: `bench:seed:${i}`,
      kind: 'deposit',
      currency: 'usd',
      accounts: [clearing, to],
      legs: () => [{ from: clearing, to, amount: 1_000_000_000n }],
    });
  }
}

/**
 * `clients` concurrent callers each doing `perClient` one-cent transfers through applyMovement;
 * `afterCommit` runs after each (the durable PGlite variant syncs the WAL there).
 */
async function appTps(
  database: Database,
  clients: number,
  perClient: number,
  afterCommit: () => void = () => {},
): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const a = 1 + Math.floor(Math.random() * ACCOUNTS);
        const b = (a % ACCOUNTS) + 1;
        const from = accountOf.user(`acct${a}`, 'usd');
        const to = accountOf.user(`acct${b}`, 'usd');
        await applyMovement(database.db, {
          key: `bench:${c}:${i}:${crypto.randomUUID()}`,
          kind: 'transfer',
          currency: 'usd',
          accounts: [from, to],
          legs: () => [{ from, to, amount: 1n }],
        });
        afterCommit();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (clients * perClient) / seconds;
}

/**
 * The same statements as applyMovement, as a pgbench script, for the baseline. The balances
 * change inside the transfer insert (the ledger's trigger), as in the app.
 */
const PGBENCH_SCRIPT = `\\set src random(1, ${ACCOUNTS})
\\set dst (:src % ${ACCOUNTS}) + 1
BEGIN;
INSERT INTO ledger_movements (idempotency_key, kind, currency, meta) VALUES ('pgb:' || gen_random_uuid()::text, 'transfer', 'usd', '{}') ON CONFLICT (idempotency_key) DO NOTHING RETURNING id AS mid \\gset
INSERT INTO ledger_accounts (id, kind, owner_id, currency) VALUES ('user:acct' || :src || ':usd', 'user', 'acct' || :src, 'usd'), ('user:acct' || :dst || ':usd', 'user', 'acct' || :dst, 'usd') ON CONFLICT (id) DO NOTHING;
SELECT id, balance FROM ledger_accounts WHERE id IN ('user:acct' || :src || ':usd', 'user:acct' || :dst || ':usd') ORDER BY id FOR UPDATE;
INSERT INTO ledger_transfers (movement_id, from_account, to_account, amount, currency) VALUES (:mid, 'user:acct' || :src || ':usd', 'user:acct' || :dst || ':usd', 1, 'usd');
COMMIT;
`;

async function pgbenchTps(url: string, clients: number, perClient: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-pgbench-'));
  const script = path.join(dir, 'transfer.sql');
  fs.writeFileSync(script, PGBENCH_SCRIPT);
  try {
    const { stdout } = await run('pgbench', [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-t',
      String(perClient),
      '-f',
      script,
      url,
    ]);
    const m = stdout.match(/tps = ([\d.]+)/);
    if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(m[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Syncs the newest WAL segment of a PGlite folder (where a commit's record was just written). */
function syncWal(pgDir: string): void {
  const walDir = path.join(pgDir, 'pg_wal');
  const newest = fs
    .readdirSync(walDir)
    .filter((f) => /^[0-9A-F]{24}$/.test(f))
    .sort()
    .at(-1);
  if (!newest) return;
  const fd = fs.openSync(path.join(walDir, newest), 'r+');
  try {
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Transfers/s on a PGlite data folder, without and with a WAL sync after each commit. */
async function pgliteOnDisk(clients: number, perClient: number): Promise<{ plain: number; synced: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-bench-pglite-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await seed(database);
      await appTps(database, clients, Math.max(10, Math.floor(perClient / 10)));
      // Alternating halves, so a change of machine load weighs on both alike.
      const half = Math.max(1, Math.floor(perClient / 2));
      const pgDir = path.join(dir, 'pg');
      const plain = [await appTps(database, clients, half)];
      const synced = [await appTps(database, clients, half, () => syncWal(pgDir))];
      plain.push(await appTps(database, clients, half));
      synced.push(await appTps(database, clients, half, () => syncWal(pgDir)));
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      return { plain: mean(plain), synced: mean(synced) };
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Ledger transfer throughput through the app's own database layer (applyMovement: idempotency
 * key, sorted row locks, double-entry rows, one transaction each) at 8 concurrent clients, as a
 * ratio to pgbench running the equivalent SQL on the same PostgreSQL in the same run; and the
 * same app figure on embedded PGlite (one connection) against that baseline, in memory and on a
 * data folder, the latter also with a WAL sync per commit (the cost of durability on PGlite).
 */
export async function ledgerThroughput(opts: LedgerThroughputOptions): Promise<BenchResult> {
  const name = `rush_bench_${crypto.randomBytes(4).toString('hex')}`;
  const dbUrl = (() => {
    const u = new URL(opts.postgresUrl);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  await admin(opts.postgresUrl, `CREATE DATABASE ${name}`);
  try {
    const onPg = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: opts.clients });
    let appPg: number;
    try {
      await seed(onPg);
      await appTps(onPg, opts.clients, Math.max(10, Math.floor(opts.perClient / 10))); // warm-up
      appPg = await appTps(onPg, opts.clients, opts.perClient);
    } finally {
      await onPg.close();
    }
    const baseline = await pgbenchTps(dbUrl, opts.clients, opts.perClient);

    const lite = await openDatabase({ kind: 'pglite-instance', instance: await PGlite.create() });
    let appLite: number;
    try {
      await seed(lite);
      await appTps(lite, opts.clients, Math.max(10, Math.floor(opts.perClient / 10)));
      appLite = await appTps(lite, opts.clients, opts.perClient);
    } finally {
      await lite.close();
    }
    // PGlite as the server runs it (a folder on disk) against the same plus an fdatasync of the WAL
    // after every commit from Node: PGlite itself never syncs (fsync off, and its NODEFS has no
    // fsync even with fsync on), so this is the least durability would cost it.
    const onDisk = await pgliteOnDisk(opts.clients, opts.perClient);
    return {
      title:
        `Ledger transfers: ${opts.clients} concurrent clients x ${opts.perClient} one-cent transfers ` +
        `(each one DB transaction with idempotency key, sorted locks, double entry)`,
      columns: ['transfers/s', 'ratio to pgbench'],
      rows: [
        { label: 'pgbench, same SQL (PostgreSQL)', values: [baseline, 1] },
        { label: 'app ledger on PostgreSQL', values: [appPg, appPg / baseline] },
        { label: 'app ledger on PGlite', values: [appLite, appLite / baseline] },
        { label: 'app ledger on PGlite, data folder (as served)', values: [onDisk.plain, onDisk.plain / baseline] },
        { label: 'same + WAL fdatasync per commit', values: [onDisk.synced, onDisk.synced / baseline] },
      ],
      ratios: {
        label: 'app PG / pgbench, app PGlite / pgbench, PGlite synced / PGlite on disk',
        values: [appPg / baseline, appLite / baseline, onDisk.synced / onDisk.plain],
      },
    };
  } finally {
    await admin(opts.postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}
