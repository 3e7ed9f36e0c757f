import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { CANADA_TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { ledgerMovements, ledgerTransfers } from '../../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../../support/database.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import { auditCount, auditRows } from '../../admin/support.ts';
import {
  expectLedgerInvariants,
  usd,
  verifiedUser,
  withdrawalRow,
  withdrawalsOf,
  postWithdrawal,
  fundedUser,
  heldUsd,
} from '../support/wallet.ts';

const ADMINS = ['admin@x.test', 'admin2@x.test'];

/**
 * SPEC 9 "Canadian withdrawals fee US$2.00, by email request" (issue 16): the request holds the
 * amount at once, mails support and the player, and an admin completes (paid out) or rejects
 * (the amount returns) it in the console, exactly once however many admins press at once.
 */
describe.each(POSTGRES_TOO)('Canadian e-mail withdrawals (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  let admin2: Registered;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual', env: { ADMIN_EMAILS: ADMINS.join(',') } });
    admin = await verifiedUser(server, { username: `adm${crypto.randomBytes(3).toString('hex')}`, email: ADMINS[0] });
    admin2 = await verifiedUser(server, { username: `adm${crypto.randomBytes(3).toString('hex')}`, email: ADMINS[1] });
  });
  afterAll(() => server?.stop());

  const held = (uid: string) => heldUsd(server, uid);
  const funded = (cents: number) => fundedUser(server, admin, cents);
  const requestCa = async (u: Registered, amount: number) => {
    const res = await postWithdrawal(server, u.client, { amount, region: 'ca' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await withdrawalsOf(server, u.uid);
    return rows.sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())[0]!;
  };
  const complete = (a: Registered, id: string) => a.client.post(WALLET_ROUTES.adminCompleteWithdrawal(id), {});
  const reject = (a: Registered, id: string) => a.client.post(WALLET_ROUTES.adminRejectWithdrawal(id), {});
  const resolutions = async (id: string) =>
    (
      await server.ctx.db
        .select({ n: count() })
        .from(ledgerMovements)
        .where(eq(ledgerMovements.idempotencyKey, `withdraw:resolve:${id}`))
    )[0]!.n;
  const decisions = async (id: string) => (await auditRows(server, id)).map((r) => r.action);

  itOnPglite('a request holds the amount, mails support and the player, and an admin completes it', async () => {
    const u = await funded(5000);
    const res = await postWithdrawal(server, u.client, { amount: 3000, region: 'ca' });
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({ type: 'withdraw', amount: 3000, fee: 200, status: 'pending' });
    const [w] = await withdrawalsOf(server, u.uid);
    expect(w).toMatchObject({ region: 'ca', status: 'pending', providerRef: null });
    expect(await usd(server, u.uid)).toBe(2000n);
    expect(await held(u.uid)).toBe(3000n);

    const support = server.mailer.last(server.config.supportEmail)!;
    expect(support.subject).toBe(CANADA_TEXTS.supportMailSubject(u.username));
    for (const line of [w!.id, u.uid, u.email, 'Amount held: $30.00 USD', 'Fee: $2.00 USD', 'To pay out: $28.00 USD']) {
      expect(support.text).toContain(line);
    }
    expect(support.text).toContain(`${server.config.appUrl}/admin#withdrawals`);
    const player = server.mailer.last(u.email)!;
    expect(player.subject).toBe(CANADA_TEXTS.playerMailSubject);
    expect(player.text).toContain('$30.00 USD');
    expect(player.text).toContain('you receive $28.00 USD');

    const list = await admin.client.get(WALLET_ROUTES.adminCanadianWithdrawals);
    expect(list.status).toBe(200);
    expect(list.body.withdrawals).toContainEqual(
      expect.objectContaining({
        id: w!.id,
        uid: u.uid,
        username: u.username,
        amount: 3000,
        fee: 200,
        payout: 2800,
        status: 'pending',
      }),
    );

    const done = await complete(admin, w!.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: w!.id, status: 'completed' });
    expect(await usd(server, u.uid)).toBe(2000n);
    expect(await held(u.uid)).toBe(0n);
    const legs = await server.ctx.db
      .select({ to: ledgerTransfers.toAccount, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
      .where(eq(ledgerMovements.idempotencyKey, `withdraw:resolve:${w!.id}`));
    expect(Object.fromEntries(legs.map((l) => [l.to, l.amount]))).toEqual({
      [accountOf.clearing('usd').id]: 2800n,
      [accountOf.fee('usd').id]: 200n,
    });
    const [row] = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions;
    expect(row).toMatchObject({ type: 'withdraw', amount: 3000, fee: 200, status: 'completed', completed: true });
    const audit = await auditRows(server, w!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'withdrawal.canada.complete', adminUid: admin.uid });

    // Decided once: a second press, or a reject afterwards, is refused and records nothing.
    for (const again of [await complete(admin2, w!.id), await reject(admin, w!.id)]) {
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'CONFLICT', message: CANADA_TEXTS.alreadyCompleted });
    }
    expect(await decisions(w!.id)).toEqual(['withdrawal.canada.complete']);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('an admin rejects another request: the held amount returns to the balance', async () => {
    const u = await funded(4000);
    const w = await requestCa(u, 1500);
    expect(await usd(server, u.uid)).toBe(2500n);
    const res = await reject(admin, w.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(await usd(server, u.uid)).toBe(4000n);
    expect(await held(u.uid)).toBe(0n);
    expect((await withdrawalRow(server, w.id))?.status).toBe('rejected');
    const [row] = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions;
    expect(row).toMatchObject({ type: 'withdraw', amount: 1500, status: 'rejected', completed: false });
    expect(await decisions(w.id)).toEqual(['withdrawal.canada.reject']);
    const again = await complete(admin, w.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CANADA_TEXTS.alreadyRejected);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('only admins decide, only Canadian requests, only requests that exist', async () => {
    const u = await funded(3000);
    const w = await requestCa(u, 1000);
    expect((await complete(u, w.id)).status).toBe(403);
    expect((await u.client.get(WALLET_ROUTES.adminCanadianWithdrawals)).status).toBe(403);
    expect((await complete(admin, crypto.randomUUID())).status).toBe(404);
    expect((await complete(admin, 'not-an-id')).status).toBe(404);
    const us = await postWithdrawal(server, u.client, { amount: 500, region: 'us' });
    expect(us.status).toBe(200);
    const usRow = (await withdrawalsOf(server, u.uid)).find((r) => r.region === 'us')!;
    const refused = await complete(admin, usRow.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CANADA_TEXTS.notCanadian);
    expect((await withdrawalRow(server, w.id))?.status).toBe('pending');
    expect(await auditCount(server, 'withdrawal.canada.complete')).toBeGreaterThan(0);
    expect(await decisions(w.id)).toEqual([]);
  });

  it('two admins completing at once: one pays out, the other is told, one audit row', async () => {
    for (let i = 0; i < 5; i += 1) {
      const u = await funded(2000);
      const w = await requestCa(u, 2000);
      const answers = await Promise.all([complete(admin, w.id), complete(admin2, w.id), complete(admin, w.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409))
        expect(a.body.error.message).toBe(CANADA_TEXTS.alreadyCompleted);
      expect(await resolutions(w.id)).toBe(1);
      expect(await decisions(w.id)).toEqual(['withdrawal.canada.complete']);
      expect(await held(u.uid)).toBe(0n);
      expect(await usd(server, u.uid)).toBe(0n);
    }
    await expectLedgerInvariants(server.ctx.db);
  });

  it('complete racing reject: exactly one wins, and the money follows the winner', async () => {
    for (let i = 0; i < 6; i += 1) {
      const u = await funded(1800);
      const w = await requestCa(u, 1800);
      const [c, r] = await Promise.all([complete(admin, w.id), reject(admin2, w.id)]);
      expect([c.status, r.status].sort()).toEqual([200, 409]);
      const completedWon = c.status === 200;
      expect((completedWon ? r : c).body.error.message).toBe(
        completedWon ? CANADA_TEXTS.alreadyCompleted : CANADA_TEXTS.alreadyRejected,
      );
      expect(await resolutions(w.id)).toBe(1);
      expect((await withdrawalRow(server, w.id))?.status).toBe(completedWon ? 'completed' : 'rejected');
      expect(await decisions(w.id)).toEqual([completedWon ? 'withdrawal.canada.complete' : 'withdrawal.canada.reject']);
      expect(await usd(server, u.uid)).toBe(completedWon ? 0n : 1800n);
      expect(await held(u.uid)).toBe(0n);
    }
    await expectLedgerInvariants(server.ctx.db);
  });
});
