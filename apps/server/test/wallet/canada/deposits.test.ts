import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CANADIAN_FUNDING_WINDOW_MS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../../src/platform/clock.ts';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements } from '../../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../../support/database.ts';
import type { TestServer } from '../../support/server.ts';
import {
  eventually,
  expectLedgerInvariants,
  gpsAt,
  pressPay,
  sessionRow,
  startDeposit,
  startManualWalletServer,
  TORONTO,
  usd,
  verifiedUser,
  walletCore,
} from '../support/wallet.ts';
import { suiteSetUp } from '../../support/suite-set-up.ts';

/**
 * SPEC 9 "Canadian deposits fee US$0.50, funded in about 12-24 hours" (issue 16): a deposit the
 * provider confirmed is pending in the user's funding account for the window (domain
 * `depositFundsAt`), then reaches the balance exactly once, whichever instances sweep.
 */
describe.each(POSTGRES_TOO)('Canadian deposits (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, clock } = await startManualWalletServer(kind)));

  const funding = (uid: string) => readBalance(server.ctx.db, accountOf.funding(uid).id);
  const movements = async (key: string) =>
    (
      await server.ctx.db.select({ n: count() }).from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, key))
    )[0]!.n;

  it('pending for the funding window, then credited once at its end by racing sweeps', async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 5000, 'ca', gpsAt(server, ...TORONTO));
    expect((await pressPay(u.client, s.checkoutId)).status).toBe(200);
    const confirmedAt = clock.now();

    // Held: the fee went to the platform, the rest waits in the funding account.
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await funding(u.uid)).toBe(4950n);
    const row = await sessionRow(server, s.sessionId);
    expect(row).toMatchObject({ status: 'funding', completedAt: null });
    expect(row!.fundsAt!.getTime()).toBe(confirmedAt.getTime() + CANADIAN_FUNDING_WINDOW_MS);
    const pending = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body;
    expect(pending.total).toBe(1);
    expect(pending.transactions[0]).toMatchObject({
      type: 'deposit',
      amount: 5000,
      fee: 50,
      status: 'pending',
      completed: false,
    });
    expect((await u.client.get(WALLET_ROUTES.summary)).body.balances.usd).toBe(0);

    // Three instances sweep a millisecond before the end: nothing moves.
    const instances = [walletCore(server), walletCore(server), walletCore(server)];
    clock.set(new Date(row!.fundsAt!.getTime() - 1));
    expect(await Promise.all(instances.map((c) => c.deposits.fundDue()))).toEqual([0, 0, 0]);
    expect(await usd(server, u.uid)).toBe(0n);

    // At the end, all of them at once (twice each): exactly one credit.
    clock.set(row!.fundsAt!);
    const funded = await Promise.all(instances.flatMap((c) => [c.deposits.fundDue(), c.deposits.fundDue()]));
    expect(funded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(await movements(`deposit:funded:${s.sessionId}`)).toBe(1);
    expect(await usd(server, u.uid)).toBe(4950n);
    expect(await funding(u.uid)).toBe(0n);
    expect(await sessionRow(server, s.sessionId)).toMatchObject({ status: 'completed', completedAt: row!.fundsAt });

    // Still one row in the history, now completed; the money must be played before withdrawal.
    const done = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body;
    expect(done.total).toBe(1);
    expect(done.transactions[0]).toMatchObject({ type: 'deposit', amount: 5000, fee: 50, status: 'completed' });
    const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(summary).toMatchObject({ balances: { usd: 4950 }, withdrawable: 0 });

    // Later sweeps change nothing.
    clock.advance(CANADIAN_FUNDING_WINDOW_MS);
    expect(await Promise.all(instances.map((c) => c.deposits.fundDue()))).toEqual([0, 0, 0]);
    expect(await usd(server, u.uid)).toBe(4950n);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('a pending Canadian deposit counts under the monthly cap', async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 250_000, 'ca', gpsAt(server, ...TORONTO));
    await pressPay(u.client, s.checkoutId);
    expect((await sessionRow(server, s.sessionId))?.status).toBe('funding');
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(50_000);
  });

  itOnPglite("the server's own job credits a due deposit without anyone asking", async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 2000, 'ca', gpsAt(server, ...TORONTO));
    await pressPay(u.client, s.checkoutId);
    clock.advance(CANADIAN_FUNDING_WINDOW_MS);
    await eventually(async () => (await usd(server, u.uid)) === 1950n, 10_000);
    expect(await movements(`deposit:funded:${s.sessionId}`)).toBe(1);
  });
});
