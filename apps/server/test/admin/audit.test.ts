import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, ADMIN_TOPIC, MATCH_ROUTES, SOCIAL_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import { defaultCatalog } from '@rush/domain';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { Socket, type Registered } from '../accounts/support.ts';
import { adminDeposit, startWalletServer, verifiedUser } from '../wallet/support/wallet.ts';
import { addBugReport, addPlayerReport, auditCount, auditRows } from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

/**
 * Issue 12 audit log: append-only in the database, one row per admin write (the existing money,
 * limits, close, app state and catalogue routes too), none for a replayed money key or a refused
 * request; the `admin` topic tells admins (only) which section changed.
 */
describe.each(POSTGRES_TOO)('admin audit log and live changes (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(
    () => startWalletServer(kind),
    (s) => ({ server, admin } = s),
  );

  itOnPglite('the database refuses UPDATE, DELETE and TRUNCATE of the audit log', async () => {
    const u = await verifiedUser(server);
    expect((await adminDeposit(admin, u.uid, 100)).status).toBe(200);
    expect(await auditCount(server)).toBeGreaterThan(0);
    const db = server.ctx.db;
    await expect(db.execute(sql`update admin_audit set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit`)).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    expect((await auditRows(server, u.uid))[0]).toMatchObject({ action: 'money.deposit' });
  });

  it('money: one row per payment, none for a replayed key, a refused withdrawal or a zero amount', async () => {
    const u = await verifiedUser(server);
    const key = crypto.randomUUID();
    const pay = () => adminDeposit(admin, u.uid, 700, key);
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await auditCount(server, 'money.deposit')).toBeGreaterThan(0);
    let rows = await auditRows(server, u.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'money.deposit',
      before: { usd: '0' },
      after: { usd: '700', amount: '700', key },
    });
    const withdraw = (amount: number, k = crypto.randomUUID()) =>
      admin.client.request(
        'POST',
        WALLET_ROUTES.adminWithdraw(u.uid),
        { amount },
        { headers: { 'idempotency-key': k } },
      );
    expect((await withdraw(701)).status).toBe(400);
    expect((await withdraw(0)).status).toBe(200);
    expect((await withdraw(200)).status).toBe(200);
    rows = await auditRows(server, u.uid);
    expect(rows.map((r) => r.action)).toEqual(['money.deposit', 'money.withdraw']);
    expect(rows[1]).toMatchObject({ before: { usd: '700' }, after: { usd: '500' } });
  });

  itOnPglite('every existing admin write records one row with before and after', async () => {
    const u = await verifiedUser(server);
    const before = await auditCount(server);
    const ok = async (p: Promise<{ status: number; body: unknown }>) => {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await ok(admin.client.put(WALLET_ROUTES.adminLimits(u.uid), { kind: 'bet', max: 500, until: '2099-01-01' }));
    await ok(admin.client.put(MATCH_ROUTES.adminPause, { paused: true }));
    await ok(admin.client.put(MATCH_ROUTES.adminPause, { paused: false }));
    await ok(
      admin.client.put(MATCH_ROUTES.adminAnnouncement, {
        show: true,
        title: 'Maintenance',
        text: 'Back soon',
        returnTime: null,
      }),
    );
    const modes = defaultCatalog().modes.map((m) => ({ ...m }));
    await ok(admin.client.put(MATCH_ROUTES.adminModes, { modes }));
    await ok(admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'wbx_1'), { value: 55 }));
    await ok(admin.client.put(MATCH_ROUTES.adminMinRequirement('wbx', 'wbx_1'), { minRequirement: 3 }));
    await ok(
      admin.client.put(ADMIN_ROUTES.wagerSettings('wbx', 'wbx_1'), { status: 'inactive', provisionalStatus: false }),
    );
    const reporter = await verifiedUser(server);
    await addPlayerReport(server, u.uid, reporter.uid);
    await ok(admin.client.post(SOCIAL_ROUTES.adminDismissReports(u.uid), {}));
    await ok(admin.client.post(WALLET_ROUTES.adminClose(u.uid), { confirm: true }));
    expect((await auditCount(server)) - before).toBe(10);

    const page = await admin.client.get(`${ADMIN_ROUTES.audit}?target=${u.uid}`);
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'user.close',
      'reports.dismiss',
      'wallet.limit.bet',
    ]);
    expect(page.body.entries[0]).toMatchObject({
      admin: { uid: admin.uid, username: admin.username },
      before: { closed: false },
      after: { closed: true },
    });
    expect(page.body.entries[2].after).toMatchObject({ kind: 'bet', max: '500' });
    const wager = (await admin.client.get(`${ADMIN_ROUTES.audit}?target=wbx/wbx_1`)).body.entries;
    expect(wager.map((e: { action: string }) => e.action)).toEqual([
      'catalog.wagerSettings',
      'catalog.minRequirement',
      'catalog.wagerValue',
    ]);
    expect(wager[0]).toMatchObject({
      before: { status: 'active', provisionalStatus: true },
      after: { status: 'inactive', provisionalStatus: false },
    });
    const pauses = (await admin.client.get(`${ADMIN_ROUTES.audit}?action=app.pause&admin=${admin.uid}`)).body;
    expect(pauses.entries.map((e: { after: unknown }) => e.after)).toEqual([{ paused: false }, { paused: true }]);

    // The settings route answers the catalogue the wizard reads.
    const catalog = (await admin.client.get(MATCH_ROUTES.catalog)).body;
    expect(
      catalog.wagers.find((w: { key: string; currency: string }) => w.currency === 'wbx' && w.key === 'wbx_1'),
    ).toMatchObject({
      status: 'inactive',
      provisionalStatus: false,
      value: 55,
      minRequirement: 3,
    });
    await ok(
      admin.client.put(ADMIN_ROUTES.wagerSettings('wbx', 'wbx_1'), { status: 'active', provisionalStatus: true }),
    );
    await ok(admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'wbx_1'), { value: 50 }));
    await ok(admin.client.put(MATCH_ROUTES.adminMinRequirement('wbx', 'wbx_1'), { minRequirement: 0 }));
  });

  itOnPglite('refused admin writes record nothing', async () => {
    const u = await verifiedUser(server);
    const before = await auditCount(server);
    const refused = [
      await admin.client.put(ADMIN_ROUTES.wagerSettings('wbx', 'nope'), { status: 'inactive' }),
      await admin.client.put(ADMIN_ROUTES.wagerSettings('wbx', 'wbx_1'), {}),
      await admin.client.put(ADMIN_ROUTES.wagerSettings('xyz', 'wbx_1'), { status: 'inactive' }),
      await admin.client.put(MATCH_ROUTES.adminWagerValue('wbx', 'wbx_1'), { value: 100 }),
      await admin.client.put(WALLET_ROUTES.adminLimits(crypto.randomUUID()), {
        kind: 'bet',
        max: 1,
        until: '2099-01-01',
      }),
      await admin.client.post(WALLET_ROUTES.adminClose(crypto.randomUUID()), { confirm: true }),
      await admin.client.post(ADMIN_ROUTES.ban(u.uid), { banned: true, reason: '   ' }),
      await u.client.post(ADMIN_ROUTES.ban(u.uid), { banned: true, reason: 'x' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 400, 404, 400, 404, 404, 400, 403]);
    expect(await auditCount(server)).toBe(before);
  });

  itOnPglite('the audit list pages 50 at a time, newest first', async () => {
    const u = await verifiedUser(server);
    for (let i = 0; i < 3; i++)
      await admin.client.put(ADMIN_ROUTES.verifiedLevel(u.uid), { level: i % 2 ? 'bypassAll' : 'contentCreator' });
    const all = (await admin.client.get(ADMIN_ROUTES.audit)).body;
    expect(all.pageSize).toBe(50);
    expect(all.entries.length).toBeLessThanOrEqual(50);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const ids = all.entries.map((e: { id: string }) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(ids);
    const mine = (await admin.client.get(`${ADMIN_ROUTES.audit}?action=user.verifiedLevel&target=${u.uid}`)).body;
    expect(mine.total).toBe(3);
    expect(mine.entries[0]).toMatchObject({
      before: { verifiedLevel: 'bypassAll' },
      after: { verifiedLevel: 'contentCreator' },
    });
    expect((await admin.client.get(`${ADMIN_ROUTES.audit}?page=2&target=${u.uid}`)).body.entries).toEqual([]);
    expect((await admin.client.get(`${ADMIN_ROUTES.audit}?page=0`)).status).toBe(400);
  });

  itOnPglite(
    'admins (only) follow the admin topic and hear which section changed, player-caused ones too',
    async () => {
      const player = await verifiedUser(server);
      const refused = await Socket.open(server, player.client);
      refused.send({ t: 'sub', topic: ADMIN_TOPIC });
      expect(await refused.next((m) => m.topic === ADMIN_TOPIC)).toMatchObject({ t: 'err' });
      refused.close();

      const socket = await Socket.open(server, admin.client);
      await socket.subscribe(ADMIN_TOPIC);
      expect(socket.messages.find((m) => m.t === 'subscribed' && m.topic === ADMIN_TOPIC)).toBeDefined();
      const changed = (section: string) =>
        socket.next((m) => m.t === 'ev' && m.type === 'admin.changed' && m.data.section === section);
      await admin.client.put(MATCH_ROUTES.adminPause, { paused: false });
      await changed('app');
      await changed('audit');
      await adminDeposit(admin, player.uid, 10);
      await changed('balances');
      await changed('transactions');
      const bug = await addBugReport(server);
      await admin.client.put(ADMIN_ROUTES.bugReportArchive(bug), { archived: true });
      await changed('bugReports');
      // A player's report reaches the console as it arrives.
      const form = new FormData();
      form.set('title', 'Clock');
      form.set('platform', 'web');
      form.set('description', 'The clock jumped by ten seconds.');
      const sent = await player.client.request('POST', SOCIAL_ROUTES.bugReport, undefined, { raw: form });
      expect(sent.status).toBe(200);
      await eventuallyCount(socket, 'bugReports', 2);
      socket.close();
    },
  );
});

async function eventuallyCount(socket: Socket, section: string, n: number) {
  await socket.next(() => socket.messages.filter((m) => m.t === 'ev' && m.data?.section === section).length >= n);
}
