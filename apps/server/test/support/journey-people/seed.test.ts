import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import {
  ACCOUNT_ROUTES,
  ADMIN_ROUTES,
  REALITY_CHECK_ROUTES,
  WALLET_ROUTES,
  type AdminReportsResponse,
} from '@rush/protocol';
import { TestClient } from '../http-client.ts';
import { startTestServer, type TestServer } from '../server.ts';
import { onboardWallet } from '../../wallet/support/wallet.ts';
import { adminEmails, type Person, type Pool } from './pool.ts';
import { seedPool } from './seed.ts';

/**
 * The browser journeys start from these people instead of signing up (e2e/support/global-setup.ts):
 * each must be what a sign-up (and the mailed link, and ADMIN_EMAILS) leaves, signed in by its
 * seeded session, or the journeys would prove things about rows the product never writes.
 */
describe('the journeys’ seeded people', () => {
  let server: TestServer;
  let pool: Pool;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', env: { ADMIN_EMAILS: adminEmails(2).join(',') } });
    pool = await seedPool(server.database.db, server.clock, {
      player: 2,
      verified: 2,
      admin: 2,
      reported: 1,
      longSession: 1,
    });
  });
  afterAll(() => server?.stop());

  const clientOf = (p: Person) => {
    const client = new TestClient(server.baseUrl);
    client.cookies.set('sid', p.session);
    return client;
  };

  it('are signed in by their sessions: players unverified, the others verified, admins with the role', async () => {
    expect(pool.people.map((p) => p.kind)).toEqual(['player', 'player', 'verified', 'verified', 'admin', 'admin']);
    for (const p of pool.people) {
      const res = await clientOf(p).get(ACCOUNT_ROUTES.session);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        uid: p.uid,
        username: p.username,
        email: p.email,
        emailVerified: p.kind !== 'player',
        role: p.kind === 'admin' ? 'admin' : 'user',
        needsDateOfBirth: false,
      });
    }
  });

  it('log in through the form with their password', async () => {
    const [p] = pool.people;
    const client = new TestClient(server.baseUrl);
    const res = await client.post(ACCOUNT_ROUTES.login, { identifier: p!.username, password: p!.password });
    expect(res.status).toBe(200);
    expect(res.body.user.uid).toBe(p!.uid);
  });

  it('a player two others reported 7 minutes ago may not withdraw; the admin sees both reports, each with its game', async () => {
    const [reported] = pool.reported;
    const target = { ...reported!.target, client: clientOf(reported!.target) };
    await onboardWallet(server, target);
    const summary = await target.client.get(WALLET_ROUTES.summary);
    expect(summary.body.withdrawDisabledReason).toBe(TEXTS.withdrawReported);

    const admin = clientOf(pool.people.find((p) => p.kind === 'admin')!);
    const list = await admin.get(ADMIN_ROUTES.reports);
    expect(list.status).toBe(200);
    const about = (list.body as AdminReportsResponse).reports.filter((r) => r.uid === target.uid);
    expect(about.map((r) => r.reporter.username).sort()).toEqual(reported!.reporters.map((r) => r.username).sort());
    for (const r of about) {
      expect(r.text).toBe(reported!.text);
      expect(r.gameId).not.toBeNull();
      expect(Date.now() - Date.parse(r.time)).toBeGreaterThan(5 * 60_000);
    }
  });

  it('a player an hour into a session has a reality check due (issue 37)', async () => {
    const [p] = pool.longSession;
    const res = await clientOf(p!).get(REALITY_CHECK_ROUTES.state);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intervalMinutes: 60, due: true });
    expect(res.body.timePlayedMs).toBeGreaterThanOrEqual(61 * 60_000);
  });
});
