import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { login, PASSWORD, registerUser, type Registered } from '../accounts/support.ts';
import { adminDeposit, verifiedUser } from '../wallet/support/wallet.ts';

/**
 * Issue 10 defect 1: the admin role holds only for a verified address on ADMIN_EMAILS, decided
 * at every request from the list in force, so a stranger who registers a listed address cannot
 * credit itself money, and an address taken off the list loses the role at its next request.
 */
describe.each(DB_KINDS)('admin grant (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, env: { ADMIN_EMAILS: 'Boss@Example.com, ops@x.test' } });
  });
  afterAll(() => server?.stop());

  const role = async (u: Registered) => (await u.client.get('/api/session')).body.user.role as string;
  const balanceUsd = async (u: Registered) => (await u.client.get('/api/session')).body.user.balances.usd as number;

  it('an unverified sign-up with a listed address is a plain user and cannot credit itself', async () => {
    const squatter = await registerUser(server, { email: 'boss@example.COM' });
    expect(await role(squatter)).toBe('user');
    const res = await adminDeposit(squatter, squatter.uid, 1_000_000);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await balanceUsd(squatter)).toBe(0);
    // Signing in again changes nothing while the mailbox is unproven.
    const { res: again } = await login(server, squatter.username, PASSWORD);
    expect(again.body.user.role).toBe('user');
  });

  it('the role holds once the address is verified, in any case, and only then', async () => {
    const ops = await registerUser(server, { email: 'OPS@x.test' });
    expect(await role(ops)).toBe('user');
    const link = new URL(server.mailer.link(ops.email));
    expect((await ops.client.get(`${link.pathname}${link.search}`)).status).toBe(302);
    expect(await role(ops)).toBe('admin');
    const player = await verifiedUser(server);
    expect(await role(player)).toBe('user');
    const res = await adminDeposit(ops, player.uid, 2_500);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balanceUsd(player)).toBe(2_500);
  });

  it('an address that leaves the list loses the role at its next request, without signing in again', async () => {
    const boss = await verifiedUser(server, {
      username: `bs${crypto.randomBytes(3).toString('hex')}`,
      email: 'ops2@x.test',
    });
    // The same data under a configuration whose list names this address...
    const listed = await startTestServer({
      http: 'inject',
      // PGlite is enough: the same data under two more configurations, asked in turn; nothing races
      database: server.database,
      env: { ADMIN_EMAILS: 'ops2@x.test' },
    });
    // ...and one whose list no longer does (the operator removed it and restarted).
    const delisted = await startTestServer({
      http: 'inject',
      // PGlite is enough: the second configuration, asked in turn like the first
      database: server.database,
      env: { ADMIN_EMAILS: 'someone@else.test' },
    });
    try {
      const on = boss.client.withBase(listed.baseUrl);
      const off = boss.client.withBase(delisted.baseUrl);
      expect((await on.get('/api/session')).body.user.role).toBe('admin');
      expect(
        (
          await on.request(
            'POST',
            `/api/admin/users/${boss.uid}/deposit`,
            { amount: 100 },
            { headers: { 'idempotency-key': crypto.randomUUID() } },
          )
        ).status,
      ).toBe(200);
      expect((await off.get('/api/session')).body.user.role).toBe('user');
      const refused = await off.request(
        'POST',
        `/api/admin/users/${boss.uid}/deposit`,
        { amount: 100 },
        { headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(refused.status).toBe(403);
    } finally {
      await listed.stop();
      await delisted.stop();
    }
  });
});
