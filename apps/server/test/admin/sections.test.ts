import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FAIRPLAY_TEXTS } from '@rush/domain';
import { ADMIN_ROUTES, SOCIAL_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { grantRc } from '../matchmaking/support.ts';
import { adminDeposit, startWalletServer, verifiedUser } from '../wallet/support/wallet.ts';
import { registerUser } from '../accounts/support.ts';
import { addBugReport, auditRows, bugRows, flagCount } from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

/** Issue 12 console sections: bug reports, flags, balances, transactions with filters. */
describe.each(DB_KINDS)('admin console sections (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(
    () => startWalletServer(kind),
    (s) => ({ server, admin } = s),
  );

  const ids = (list: { id: string }[]) => list.map((r) => r.id);

  it('bug reports: active (de-archived too) and archived lists, archive, de-archive, delete with images', async () => {
    const id = await addBugReport(server, 'Frozen board', 2);
    const list = async (status: string) =>
      (await admin.client.get(`${ADMIN_ROUTES.bugReports}?status=${status}`)).body.reports;
    expect((await list('active')).find((r: { id: string }) => r.id === id)).toMatchObject({
      title: 'Frozen board',
      status: 'active',
      images: 2,
      uid: null,
    });
    const archived = await admin.client.put(ADMIN_ROUTES.bugReportArchive(id), { archived: true });
    expect(archived.body).toMatchObject({ id, status: 'archived' });
    expect(ids(await list('active'))).not.toContain(id);
    expect(ids(await list('archived'))).toContain(id);
    expect((await admin.client.put(ADMIN_ROUTES.bugReportArchive(id), { archived: false })).body.status).toBe(
      'dearchived',
    );
    expect(ids(await list('active'))).toContain(id);
    expect((await admin.client.get(SOCIAL_ROUTES.adminBugImage(id, '1'))).status).toBe(200);
    expect((await admin.client.post(ADMIN_ROUTES.bugReportDelete(id), {})).body).toEqual({ ok: true });
    expect(await bugRows(server, id)).toEqual({ report: [], images: [] });
    expect((await admin.client.post(ADMIN_ROUTES.bugReportDelete(id), {})).status).toBe(404);
    expect((await admin.client.put(ADMIN_ROUTES.bugReportArchive(id), { archived: true })).status).toBe(404);
    expect((await admin.client.get(`${ADMIN_ROUTES.bugReports}?status=deleted`)).status).toBe(400);
    const trail = await auditRows(server, `bug:${id}`);
    expect(trail.map((r) => r.action)).toEqual(['bugReport.archive', 'bugReport.dearchive', 'bugReport.delete']);
    expect(trail[2]!.before).toMatchObject({ title: 'Frozen board', images: 2 });
  });

  it('flags: raise by hand (source admin), grouped by user, delete; unknown user or flag 404', async () => {
    const u = await verifiedUser(server);
    const raise = (body: unknown) => admin.client.post(ADMIN_ROUTES.flags, body);
    expect((await raise({ uid: u.uid, kind: 'engine', evidence: 'Top-engine match 98%' })).status).toBe(200);
    const after = await raise({ uid: u.uid, kind: 'timing', evidence: 'Constant 2 s per move' });
    const mine = after.body.users.find((x: { uid: string }) => x.uid === u.uid);
    expect(mine.username).toBe(u.username);
    expect(mine.flags.map((f: { kind: string; source: string }) => [f.kind, f.source])).toEqual([
      ['engine', 'admin'],
      ['timing', 'admin'],
    ]);
    expect((await raise({ uid: crypto.randomUUID(), kind: 'x', evidence: 'y' })).status).toBe(404);
    expect((await raise({ uid: u.uid, kind: '', evidence: 'y' })).status).toBe(400);
    const count = await flagCount(server);
    const gone = await admin.client.post(ADMIN_ROUTES.flagDelete(mine.flags[0].id), {});
    expect(gone.body.users.find((x: { uid: string }) => x.uid === u.uid).flags).toHaveLength(1);
    expect(await flagCount(server)).toBe(count - 1);
    expect((await admin.client.post(ADMIN_ROUTES.flagDelete(mine.flags[0].id), {})).status).toBe(404);
    expect((await auditRows(server, u.uid)).map((r) => r.action)).toEqual(['flag.raise', 'flag.raise', 'flag.delete']);
    // An admin's flag stops withdrawals as fair play's do, until the last one is answered (issue 33).
    const reason = async () => (await u.client.get(WALLET_ROUTES.summary)).body.withdrawDisabledReason;
    expect(await reason()).toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
    await admin.client.post(ADMIN_ROUTES.flagDelete(mine.flags[1].id), {});
    expect(await reason()).not.toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
  });

  it('balances list users with a wallet (a verified e-mail) and their balances', async () => {
    const u = await verifiedUser(server);
    const unverified = await registerUser(server);
    await adminDeposit(admin, u.uid, 1234);
    await grantRc(server, u.uid, 500n);
    const users = (await admin.client.get(ADMIN_ROUTES.balances)).body.users;
    expect(users.find((x: { uid: string }) => x.uid === u.uid)).toEqual({
      uid: u.uid,
      username: u.username,
      hasWallet: true,
      balances: { usd: 1234, wbx: 500 },
      // Nothing owed: no deposit of theirs was returned by a bank (issue 32).
      owed: 0,
    });
    expect(users.map((x: { uid: string }) => x.uid)).not.toContain(unverified.uid);
  });

  it('transactions: 20 a page, filtered by user, type and currency', async () => {
    const u = await verifiedUser(server);
    await adminDeposit(admin, u.uid, 100);
    await adminDeposit(admin, u.uid, 200);
    await grantRc(server, u.uid, 300n);
    const get = async (q: string) => (await admin.client.get(`${ADMIN_ROUTES.transactions}?${q}`)).body;
    const all = await get(`uid=${u.uid}`);
    expect(all).toMatchObject({ total: 3, pageSize: 20 });
    expect(all.transactions.every((t: { uid: string }) => t.uid === u.uid)).toBe(true);
    expect(
      (await get(`uid=${u.uid}&type=admin_deposit`)).transactions.map((t: { amount: number }) => t.amount),
    ).toEqual([200, 100]);
    expect((await get(`uid=${u.uid}&currency=wbx`)).transactions.map((t: { type: string }) => t.type)).toEqual([
      'reward',
    ]);
    expect((await get(`uid=${u.uid}&type=payout`)).total).toBe(0);
    expect((await get('type=admin_deposit')).pageSize).toBe(20);
    expect((await admin.client.get(`${ADMIN_ROUTES.transactions}?type=bogus`)).status).toBe(400);
    expect((await admin.client.get(`${ADMIN_ROUTES.transactions}?currency=eur`)).status).toBe(400);
  });
});
