import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { userRow, type Registered } from '../accounts/support.ts';
import { anonymous, expectLedgerInvariants, startWalletServer, usd, verifiedUser } from '../wallet/support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(POSTGRES_TOO)('admin money API (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(
    () => startWalletServer(kind),
    (s) => ({ server, admin } = s),
  );

  const post = (who: Registered, path: string, body: unknown, key?: string) =>
    who.client.request('POST', path, body, key === undefined ? {} : { headers: { 'idempotency-key': key } });
  const adminMovements = async () =>
    (
      await server.ctx.db
        .select({ n: count() })
        .from(ledgerMovements)
        .where(like(ledgerMovements.idempotencyKey, 'admin:%'))
    )[0]!.n;

  itOnPglite('answers 403 to everyone but admins (401 signed out), and changes nothing', async () => {
    const u = await verifiedUser(server);
    const target = await verifiedUser(server);
    const calls = (who: Registered | ReturnType<typeof anonymous>) => {
      const client = 'client' in who ? who.client : who;
      const h = { headers: { 'idempotency-key': crypto.randomUUID() } };
      return [
        () => client.request('POST', WALLET_ROUTES.adminDeposit(target.uid), { amount: 100 }, h),
        () => client.request('POST', WALLET_ROUTES.adminWithdraw(target.uid), { amount: 100 }, h),
        () => client.put(WALLET_ROUTES.adminLimits(target.uid), { kind: 'bet', max: 1, until: '2099-01-01' }),
        () => client.post(WALLET_ROUTES.adminClose(target.uid), { confirm: true }),
        () => client.get(`${WALLET_ROUTES.adminTransactions}?page=1`),
      ];
    };
    for (const call of calls(u)) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    for (const call of calls(anonymous(server))) expect((await call()).status).toBe(401);
    expect(await usd(server, target.uid)).toBe(0n);
    expect((await userRow(server, target.uid))!.closed).toBe(false);
  });

  itOnPglite(
    'deposit (amount >= 0) recorded as Admin Deposit; an Idempotency-Key is required and pays once',
    async () => {
      const u = await verifiedUser(server);
      const missing = await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 100 });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(TEXTS.idempotencyKeyRequired);
      for (const bad of ['', 'has space', 'x'.repeat(101), 'ü']) {
        expect((await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 100 }, bad)).status, bad).toBe(400);
      }
      expect((await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: -1 }, 'neg')).status).toBe(400);

      const key = crypto.randomUUID();
      const first = await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 1234 }, key);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ uid: u.uid, balances: { usd: 1234, wbx: 0 } });
      const again = await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 1234 }, key);
      expect(again.body.balances.usd).toBe(1234);
      const reused = await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 999 }, key);
      expect(reused.status).toBe(409);
      expect(reused.body.error.message).toBe(TEXTS.idempotencyKeyReused);
      const zero = await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 0 }, crypto.randomUUID());
      expect(zero.status).toBe(200);
      expect(await usd(server, u.uid)).toBe(1234n);

      const [row] = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions;
      expect(row).toMatchObject({
        type: 'admin_deposit',
        amount: 1234,
        notes: { result: 'Admin Deposit' },
        status: 'completed',
      });
    },
  );

  it('8 concurrent deposits with one Idempotency-Key pay once', async () => {
    const u = await verifiedUser(server);
    const before = await adminMovements();
    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 500 }, key)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await usd(server, u.uid)).toBe(500n);
    expect((await adminMovements()) - before).toBe(1);
  });

  it('withdraw never above the balance (SPEC 5 text), recorded as Admin Withdraw', async () => {
    const u = await verifiedUser(server);
    await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 1000 }, crypto.randomUUID());
    const above = await post(admin, WALLET_ROUTES.adminWithdraw(u.uid), { amount: 1001 }, crypto.randomUUID());
    expect(above.status).toBe(400);
    expect(above.body.error.message).toBe('Withdraw amount cannot be more than current amount');
    expect(await usd(server, u.uid)).toBe(1000n);
    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(admin, WALLET_ROUTES.adminWithdraw(u.uid), { amount: 600 }, key)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await usd(server, u.uid)).toBe(400n);
    // A second, different withdrawal of 600 now exceeds the balance.
    expect(
      (await post(admin, WALLET_ROUTES.adminWithdraw(u.uid), { amount: 600 }, crypto.randomUUID())).body.error.message,
    ).toBe(TEXTS.adminWithdrawAboveBalance);
    const [row] = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions;
    expect(row).toMatchObject({
      type: 'admin_withdraw',
      amount: 600,
      notes: { result: 'Admin Withdraw' },
      source: u.username,
    });
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('names only existing users', async () => {
    const unknown = crypto.randomUUID();
    expect((await post(admin, WALLET_ROUTES.adminDeposit(unknown), { amount: 1 }, 'k1')).status).toBe(404);
    expect((await post(admin, WALLET_ROUTES.adminDeposit('not-a-uid'), { amount: 1 }, 'k2')).status).toBe(404);
    expect(
      (await admin.client.put(WALLET_ROUTES.adminLimits(unknown), { kind: 'bet', max: 1, until: '2099-01-01' })).status,
    ).toBe(404);
    expect((await admin.client.post(WALLET_ROUTES.adminClose(unknown), { confirm: true })).status).toBe(404);
  });

  itOnPglite('limits a user (even looser, or lifting it) and closes an account', async () => {
    const u = await verifiedUser(server);
    const until = new Date(server.clock.now().getTime() + 30 * 86_400_000).toISOString();
    const set = await admin.client.put(WALLET_ROUTES.adminLimits(u.uid), { kind: 'deposit', max: 1000, until });
    expect(set.body).toEqual({ uid: u.uid, limits: { bet: null, deposit: { max: 1000, until } } });
    // The user cannot loosen it; the admin can.
    expect((await u.client.put(WALLET_ROUTES.limits, { kind: 'deposit', max: 5000, until })).status).toBe(409);
    const looser = await admin.client.put(WALLET_ROUTES.adminLimits(u.uid), { kind: 'deposit', max: 5000, until });
    expect(looser.body.limits.deposit.max).toBe(5000);
    const lifted = await admin.client.put(WALLET_ROUTES.adminLimits(u.uid), {
      kind: 'deposit',
      max: 0,
      until: '2001-01-01',
    });
    expect(lifted.body.limits.deposit).toBeNull();

    expect((await admin.client.post(WALLET_ROUTES.adminClose(u.uid), {})).status).toBe(400);
    expect((await admin.client.post(WALLET_ROUTES.adminClose(u.uid), { confirm: true })).body).toEqual({ ok: true });
    expect((await u.client.get(ACCOUNT_ROUTES.session)).body.user.closed).toBe(true);
    // Balances frozen for the user, but the admin may still move them.
    expect((await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount: 10 }, crypto.randomUUID())).status).toBe(
      200,
    );
    expect(await usd(server, u.uid)).toBe(10n);
  });

  itOnPglite('lists every user’s transactions, newest first, paginated, with the user', async () => {
    const u = await verifiedUser(server);
    for (const amount of [1111, 2222, 4321])
      await post(admin, WALLET_ROUTES.adminDeposit(u.uid), { amount }, crypto.randomUUID());
    const res = await admin.client.get(`${WALLET_ROUTES.adminTransactions}?page=1`);
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(20);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(res.body.transactions.slice(0, 3).map((t: { amount: number }) => t.amount)).toEqual([4321, 2222, 1111]);
    expect(res.body.transactions[0]).toMatchObject({
      uid: u.uid,
      username: u.username,
      type: 'admin_deposit',
      amount: 4321,
      notes: { result: 'Admin Deposit' },
    });
    const ids = res.body.transactions.map((t: { id: string }) => BigInt(t.id.split(':')[0]!));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);
    const last = Math.ceil(res.body.total / 20);
    expect((await admin.client.get(`${WALLET_ROUTES.adminTransactions}?page=${last}`)).body.transactions.length).toBe(
      res.body.total - (last - 1) * 20,
    );
    expect((await admin.client.get(`${WALLET_ROUTES.adminTransactions}?page=x`)).status).toBe(400);
  });
});
