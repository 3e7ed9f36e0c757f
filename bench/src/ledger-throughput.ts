import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { accountOf } from '../../apps/server/src/modules/wallet/account-ids.ts';
import { applyMovement } from '../../apps/server/src/modules/wallet/ledger.store.ts';
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

/** `clients` concurrent callers each doing `perClient` one-cent transfers through applyMovement. */
async function appTps(database: Database, clients: number, perClient: number): Promise<number> {
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
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (clients * perClient) / seconds;
}

/** The same statements as applyMovement, as a pgbench script, for the baseline. */
const PGBENCH_SCRIPT = `\\set src random(1, ${ACCOUNTS})
\\set dst (:src % ${ACCOUNTS}) + 1
BEGIN;
INSERT INTO ledger_movements (idempotency_key, kind, currency, meta) VALUES ('pgb:' || gen_random_uuid()::text, 'transfer', 'usd', '{}') ON CONFLICT (idempotency_key) DO NOTHING RETURNING id AS mid \\gset
INSERT INTO ledger_accounts (id, kind, owner_id, currency) VALUES ('user:acct' || :src || ':usd', 'user', 'acct' || :src, 'usd'), ('user:acct' || :dst || ':usd', 'user', 'acct' || :dst, 'usd') ON CONFLICT (id) DO NOTHING;
SELECT id, balance FROM ledger_accounts WHERE id IN ('user:acct' || :src || ':usd', 'user:acct' || :dst || ':usd') ORDER BY id FOR UPDATE;
UPDATE ledger_accounts SET balance = balance - 1 WHERE id = 'user:acct' || :src || ':usd';
UPDATE ledger_accounts SET balance = balance + 1 WHERE id = 'user:acct' || :dst || ':usd';
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

/**
 * Ledger transfer throughput through the app's own database layer (applyMovement: idempotency
 * key, sorted row locks, double-entry rows, one transaction each) at 8 concurrent clients, as a
 * ratio to pgbench running the equivalent SQL on the same PostgreSQL in the same run; and the
 * same app figure on embedded PGlite (one connection) against that baseline.
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
    return {
      title:
        `Ledger transfers: ${opts.clients} concurrent clients x ${opts.perClient} one-cent transfers ` +
        `(each one DB transaction with idempotency key, sorted locks, double entry)`,
      columns: ['transfers/s', 'ratio to pgbench'],
      rows: [
        { label: 'pgbench, same SQL (PostgreSQL)', values: [baseline, 1] },
        { label: 'app ledger on PostgreSQL', values: [appPg, appPg / baseline] },
        { label: 'app ledger on PGlite', values: [appLite, appLite / baseline] },
      ],
      ratios: { label: 'app PG / pgbench, app PGlite / pgbench', values: [appPg / baseline, appLite / baseline] },
    };
  } finally {
    await admin(opts.postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}
