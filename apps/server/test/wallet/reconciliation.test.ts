import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { DbOrTx } from '../../src/platform/db/database.ts';
import { ADMIN_HEALTH_ROUTE } from '../../src/modules/admin/health.routes.ts';
import { LedgerReconciliation } from '../../src/modules/wallet/reconciliation.job.ts';
import { useLedgerDb } from './support/ledger-db.ts';
import { ADMIN_ENV, adminDeposit, adminUser, eventually, verifiedUser, walletCore } from './support/wallet.ts';

/** Changes a stored balance behind the ledger's back: what a hand edit with triggers disabled does. */
async function corrupt(db: DbOrTx, account: string, delta: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update ledger_accounts set balance = balance + ${delta} where id = ${account}`);
  });
}

function fakeLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

describe.each(DB_KINDS)('ledger reconciliation on %s', (kind) => {
  const { t, fund } = useLedgerDb(kind);

  it('finds balanced books, then a balance that differs from its transfers: alert, stored, remembered', async () => {
    const clock = new ManualClock();
    const { log, logger } = fakeLog();
    const job = new LedgerReconciliation(t.db.db, clock, logger);
    expect(await job.last()).toBeNull();
    await fund('rc-ann', 1_000n);
    await fund('rc-ben', 250n);

    const good = await job.run();
    expect(good).toMatchObject({ ok: true, mismatchCount: 0, sums: { usd: '0', wbx: '0' }, lastFailedAt: null });
    expect(good.transfers).toBeGreaterThanOrEqual(2n);
    expect(log.error).not.toHaveBeenCalled();

    await corrupt(t.db.db, 'user:rc-ann:usd', 7n);
    clock.advance(60_000);
    const bad = await job.run();
    expect(bad.ok).toBe(false);
    expect(bad.sums.usd).toBe('7');
    expect(bad.mismatchCount).toBe(1);
    expect(bad.mismatches).toEqual([{ account: 'user:rc-ann:usd', stored: '1007', fromTransfers: '1000' }]);
    expect(bad.lastFailedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ alert: 'ledger-reconciliation', mismatchCount: 1 });

    // Another instance reads the same stored result.
    const other = new LedgerReconciliation(t.db.db, clock, fakeLog().logger);
    expect((await other.last())?.mismatches).toEqual(bad.mismatches);

    await corrupt(t.db.db, 'user:rc-ann:usd', -7n);
    const failedAt = clock.now().toISOString();
    clock.advance(60_000);
    const again = await job.run();
    expect(again.ok).toBe(true);
    expect(again.lastFailedAt?.toISOString()).toBe(failedAt);
  });
});

describe.each(DB_KINDS)('admin health endpoint on %s', (kind) => {
  let server: TestServer;
  let admin: Registered;
  beforeAll(async () => {
    server = await startTestServer({ kind, http: 'inject', env: { ...ADMIN_ENV, LEDGER_RECONCILE_EVERY_MS: '1000' } });
    admin = await adminUser(server);
  });
  afterAll(() => server?.stop());

  it('shows the periodic job result to admins only, and a failure found by another instance', async () => {
    const user = await verifiedUser(server);
    expect((await adminDeposit(admin, user.uid, 5_000)).status).toBe(200);
    expect((await user.client.get(ADMIN_HEALTH_ROUTE)).status).toBe(403);

    // The wallet job of this instance runs every second.
    let body: any;
    await eventually(async () => {
      body = (await admin.client.get(ADMIN_HEALTH_ROUTE)).body;
      return body?.ledger?.ok === true && Number(body.ledger.transfers) >= 1;
    }, 15_000);
    expect(body.ledger).toMatchObject({ ok: true, mismatchCount: 0, sums: { usd: '0', wbx: '0' }, lastFailedAt: null });

    await corrupt(server.ctx.db, `user:${user.uid}:usd`, -1n);
    const second = walletCore(server); // another instance on the same database
    expect((await second.reconciliation.run()).ok).toBe(false);
    const seen = (await admin.client.get(ADMIN_HEALTH_ROUTE)).body;
    expect(seen.ledger.lastFailedAt).not.toBeNull();
    expect(seen.ledger.sums.usd).not.toBe('0');
    await corrupt(server.ctx.db, `user:${user.uid}:usd`, 1n);
  });
});
