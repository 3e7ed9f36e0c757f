import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { Cluster, TEST_CLUSTER_ENV } from '@rush/load';
import { E2E } from './ports.ts';

export { Cluster };

/**
 * The one cluster (deploy/cluster) of the cluster stage: its browser journey and the fault suite
 * run on it in turn (one worker, so one cluster; a worker restarted after a failure starts a new
 * one). Its instances mail the stage's mail capture, so the usual verification helpers work.
 */
export const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first argument
    async ({}, use) => {
      const cluster = await Cluster.start({
        instances: 3,
        env: { ...TEST_CLUSTER_ENV, SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}` },
      });
      try {
        await use(cluster);
      } finally {
        await cluster.stop();
      }
    },
    // Three instances on a fresh PostgreSQL database: 20-40 s on a quiet 2-core machine.
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** One instance's `realtime_sockets` gauge, or null when its metrics do not answer (it is down). */
async function socketsOn(metricsPort: number): Promise<number | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(3_000) });
    if (!res.ok) return null;
    const match = /^realtime_sockets (\d+)$/m.exec(await res.text());
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The sockets open on each instance (null: the instance does not answer). */
export function socketsPerInstance(cluster: Cluster): Promise<(number | null)[]> {
  return Promise.all(
    cluster.instances.map((inst) => (inst.running ? socketsOn(inst.metricsPort) : Promise.resolve(null))),
  );
}

const total = (counts: (number | null)[]) => counts.reduce<number>((a, n) => a + (n ?? 0), 0);

/** Waits until the instances hold `expected` sockets in all, and returns the count on each. */
export async function waitForSockets(cluster: Cluster, expected: number, timeout = 20_000): Promise<(number | null)[]> {
  let counts: (number | null)[] = [];
  await expect
    .poll(
      async () => {
        counts = await socketsPerInstance(cluster);
        return total(counts);
      },
      { timeout, message: `sockets on the instances (expected ${expected} in all)` },
    )
    .toBe(expected);
  return counts;
}

/**
 * Opens `path` in `page` (whose socket is not open yet), with `before` sockets open elsewhere,
 * and returns the index of the instance its socket landed on.
 */
export async function openAndLocateSocket(cluster: Cluster, page: Page, path: string, before: number): Promise<number> {
  const baseline = await waitForSockets(cluster, before);
  await page.goto(cluster.url + path);
  const after = await waitForSockets(cluster, before + 1);
  const index = after.findIndex((n, i) => (n ?? 0) > (baseline[i] ?? 0));
  expect(
    index,
    `the instance of the new socket (before ${baseline.join()}, after ${after.join()})`,
  ).toBeGreaterThanOrEqual(0);
  return index;
}

/** The ledger's record of one game's escrow, read from the cluster's PostgreSQL. */
export interface EscrowRecord {
  /** The escrow's ref (`match:{id}`, the game's source). */
  ref: string;
  /** Movements of the ref by kind (stake, settle, refund, void, ...). */
  movements: Record<string, number>;
  /** Every transfer in or out of the escrow, in order. */
  transfers: { kind: string; from: string; to: string; amount: bigint }[];
  /** What the escrow account holds now. */
  escrowBalance: bigint;
  /** The sum of every RushCoin account: 0 when the books balance. */
  rushCoinSum: bigint;
}

export async function escrowOfGame(cluster: Cluster, gameId: string): Promise<EscrowRecord> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const game = await client.query<{ source: string | null }>('select source from games where id = $1', [gameId]);
    const ref = game.rows[0]?.source;
    if (!ref) throw new Error(`game ${gameId} has no source`);
    const movements = await client.query<{ kind: string; n: string }>(
      'select kind, count(*) as n from ledger_movements where ref = $1 group by kind',
      [ref],
    );
    const transfers = await client.query<{ kind: string; from_account: string; to_account: string; amount: string }>(
      `select m.kind, t.from_account, t.to_account, t.amount::text as amount
         from ledger_transfers t join ledger_movements m on m.id = t.movement_id
        where m.ref = $1 order by t.id`,
      [ref],
    );
    const escrow = await client.query<{ balance: string }>(
      `select balance::text as balance from ledger_accounts where kind = 'escrow' and id = $1`,
      [`escrow:${ref}:wbx`],
    );
    const sum = await client.query<{ sum: string | null }>(
      `select sum(balance)::text as sum from ledger_accounts where currency = 'wbx'`,
    );
    return {
      ref,
      movements: Object.fromEntries(movements.rows.map((r) => [r.kind, Number(r.n)])),
      transfers: transfers.rows.map((r) => ({
        kind: r.kind,
        from: r.from_account,
        to: r.to_account,
        amount: BigInt(r.amount),
      })),
      escrowBalance: BigInt(escrow.rows[0]?.balance ?? '-1'),
      rushCoinSum: BigInt(sum.rows[0]?.sum ?? '0'),
    };
  } finally {
    await client.end();
  }
}
