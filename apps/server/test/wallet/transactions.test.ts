import { describe, expect, it } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { adminDeposit, startManualWalletServer, verifiedUser, type WalletCore } from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(DB_KINDS)('transactions (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind, { http: 'inject' })));

  const page = async (u: Registered, n: number | string) =>
    (await u.client.get(`${WALLET_ROUTES.transactions}?page=${n}`)).body;

  it('a new wallet has no transactions (the screen shows "There is no transactions.")', async () => {
    const u = await verifiedUser(server);
    expect(await page(u, 1)).toEqual({ total: 0, page: 1, pageSize: 20, transactions: [] });
    expect((await u.client.get(WALLET_ROUTES.transactions)).body.page).toBe(1);
  });

  it('pages of 20, newest first, with the total', async () => {
    const u = await verifiedUser(server);
    for (let i = 1; i <= 45; i++) {
      expect((await adminDeposit(admin, u.uid, i)).status).toBe(200);
      clock.advance(1000);
    }
    const first = await page(u, 1);
    expect(first.total).toBe(45);
    expect(first.transactions.map((t: { amount: number }) => t.amount)).toEqual(
      Array.from({ length: 20 }, (_, i) => 45 - i),
    );
    const dates = first.transactions.map((t: { date: string }) => Date.parse(t.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await page(u, 2)).transactions.map((t: { amount: number }) => t.amount)[0]).toBe(25);
    expect((await page(u, 3)).transactions.map((t: { amount: number }) => t.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(await page(u, 4)).toEqual({ total: 45, page: 4, pageSize: 20, transactions: [] });
    for (const bad of ['0', '-1', 'abc', '1.5', '100001']) {
      const res = await u.client.get(`${WALLET_ROUTES.transactions}?page=${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('carries the SPEC 3 fields: type, cents, notes.result, source/destination, completed, status, date, currency', async () => {
    const a = await verifiedUser(server);
    const b = await verifiedUser(server);
    await adminDeposit(admin, a.uid, 1000);
    await adminDeposit(admin, b.uid, 1000);
    await admin.client.request(
      'POST',
      WALLET_ROUTES.adminWithdraw(a.uid),
      { amount: 100 },
      { headers: { 'idempotency-key': `w-${a.uid}` } },
    );
    await core.escrow.hold({ ref: 'game:fields', uid: a.uid, currency: 'usd', amount: 500n });
    await core.escrow.hold({ ref: 'game:fields', uid: b.uid, currency: 'usd', amount: 500n });
    // Before the result, a stake has no result yet.
    expect((await page(a, 1)).transactions[0]).toMatchObject({ type: 'stake', notes: { result: null } });
    await core.escrow.settle({ ref: 'game:fields', currency: 'usd', winners: [a.uid] });
    await core.rewards.grantLinkReward(a.uid);
    await core.escrow.hold({ ref: 'game:cancelled', uid: b.uid, currency: 'usd', amount: 200n });
    await core.escrow.refund({ ref: 'game:cancelled', currency: 'usd', reason: 'refund' });

    const date = clock.now().toISOString();
    const rowsA = (await page(a, 1)).transactions;
    expect(rowsA.map((t: { type: string }) => t.type)).toEqual([
      'reward',
      'payout',
      'stake',
      'admin_withdraw',
      'admin_deposit',
    ]);
    expect(rowsA).toEqual([
      expect.objectContaining({
        type: 'reward',
        amount: 50_000,
        currency: 'wbx',
        notes: { result: null },
        source: null,
        destination: a.username,
      }),
      expect.objectContaining({
        type: 'payout',
        amount: 900,
        currency: 'usd',
        notes: { result: 'win' },
        source: null,
        destination: a.username,
      }),
      expect.objectContaining({
        type: 'stake',
        amount: 500,
        notes: { result: 'win' },
        source: a.username,
        destination: null,
      }),
      expect.objectContaining({
        type: 'admin_withdraw',
        amount: 100,
        notes: { result: 'Admin Withdraw' },
        source: a.username,
        destination: null,
      }),
      expect.objectContaining({
        type: 'admin_deposit',
        amount: 1000,
        notes: { result: 'Admin Deposit' },
        source: null,
        destination: a.username,
      }),
    ]);
    for (const row of rowsA) expect(row).toMatchObject({ status: 'completed', completed: true, date });
    const rowsB = (await page(b, 1)).transactions;
    expect(rowsB.map((t: { type: string; notes: { result: string | null } }) => [t.type, t.notes.result])).toEqual([
      ['refund', null],
      ['stake', null],
      ['stake', 'lose'],
      ['admin_deposit', 'Admin Deposit'],
    ]);
    expect(rowsB[0]).toMatchObject({ amount: 200, destination: b.username });
  });
});
