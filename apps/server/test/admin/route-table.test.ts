import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { userRow } from '../accounts/support.ts';
import { startWalletServer, verifiedUser } from '../wallet/support/wallet.ts';
import { addBugReport, addPlayerReport, auditCount, flagCount } from './support.ts';
import { samples } from '../support/samples.ts';

/** A value of the right shape for each path parameter, so the check is reached, not a 404. */
const VALID_PARAM: Record<string, () => string> = {
  uid: () => crypto.randomUUID(),
  id: () => '1',
  position: () => '0',
  currency: () => 'wbx',
  key: () => 'wbx_1',
  gameId: () => 'AbCdEfGhIjKl',
};

const fill = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const make = VALID_PARAM[name];
    if (!make) throw new Error(`no valid value for :${name} in ${url}: add one`);
    return make();
  });

/**
 * Issue 12: every route under /api/admin/, taken from the server's own route table (a route added
 * later is covered without anyone adding it here), with each of its methods: 401 for a visitor,
 * 403 for a signed-in player. Then hostile input over the console's routes as an admin: never a
 * 5xx, and a refused request changes nothing (no audit row, no ban, no flag, no report gone).
 */
describe.each(DB_KINDS)('admin route table and hostile admin input (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let player: Registered;
  beforeAll(async () => {
    ({ server, admin } = await startWalletServer(kind));
    player = await verifiedUser(server);
  });
  afterAll(() => server?.stop());

  const adminRoutes = () => server.routes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');

  it('every /api/admin/ route answers 401 to a visitor and 403 to a player', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const known of [ADMIN_ROUTES.audit, ADMIN_ROUTES.ban(':uid'), ADMIN_ROUTES.flags, ADMIN_ROUTES.transactions]) {
      expect(routes.map((r) => r.url)).toContain(known);
    }
    const visitor = new TestClient(server.baseUrl);
    for (const route of routes) {
      const path = fill(route.url);
      const body = route.method === 'GET' ? undefined : {};
      const headers = { 'idempotency-key': crypto.randomUUID() };
      const anon = await visitor.request(route.method, path, body, { headers });
      expect(anon.status, `${route.method} ${route.url} as a visitor`).toBe(401);
      const res = await player.client.request(route.method, path, body, { headers });
      expect(res.status, `${route.method} ${route.url} as a player`).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('hostile bodies, params and queries as an admin: never a 5xx, and nothing changes', async () => {
    const target = await verifiedUser(server);
    const reporter = await verifiedUser(server);
    const reportId = await addPlayerReport(server, target.uid, reporter.uid);
    const bugId = await addBugReport(server);
    const audits = await auditCount(server);
    const flags = await flagCount(server);

    const huge = 'x'.repeat(5000);
    const badValue = fc.constantFrom<unknown>(
      null,
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
      '',
      ' ',
      huge,
      'a\u0000b',
      '\u202e\u0007',
      [],
      {},
      // (no true: `{ paused: true }` would be a valid request that changes something)
      'true',
      '__proto__',
      '1; drop table users',
    );
    const badParam = fc.constantFrom(
      '0',
      '-1',
      '00',
      '1e3',
      'x'.repeat(190),
      '%00',
      '..',
      crypto.randomUUID(),
      '99999999999999999999',
      'NaN',
    );
    const badQuery = fc.constantFrom(
      'page=-1',
      'page=1e9',
      'page=abc',
      `q=${'z'.repeat(300)}`,
      'status=deleted',
      'archived=maybe',
      'type=x',
      'currency=eur',
      'uid=',
      'action=%07',
      'target=' + 'y'.repeat(200),
    );
    const routes = adminRoutes().filter((r) => r.url !== ADMIN_ROUTES.dashboard);

    for (const route of routes) {
      const cases = fc.sample(
        fc.tuple(
          badParam,
          badQuery,
          fc.dictionary(
            fc.constantFrom(
              'banned',
              'reason',
              'level',
              'archived',
              'uid',
              'kind',
              'evidence',
              'amount',
              'status',
              'provisionalStatus',
              'paused',
              'value',
              'minRequirement',
              'confirm',
              'modes',
            ),
            badValue,
            { maxKeys: 4 },
          ),
        ),
        samples(25),
      );
      for (const [param, query, body] of cases) {
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(param)) + `?${query}`;
        const res = await admin.client.request(route.method, path, route.method === 'GET' ? undefined : body, {
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        expect(res.status, `${route.method} ${path.slice(0, 120)} ${JSON.stringify(body).slice(0, 120)}`).toBeLessThan(
          500,
        );
      }
    }
    // Refusals against real targets: bad bodies on the target's own routes.
    const refused = [
      [ADMIN_ROUTES.ban(target.uid), { banned: 'yes', reason: 'x' }],
      [ADMIN_ROUTES.ban(target.uid), { banned: true }],
      [ADMIN_ROUTES.ban(target.uid), { banned: true, reason: huge }],
      [ADMIN_ROUTES.ban(target.uid), { banned: true, reason: '\u0007' }],
      [ADMIN_ROUTES.confirmCheating(reportId), { reason: 42 }],
      [ADMIN_ROUTES.confirmCheating(reportId), { reason: huge }],
      [ADMIN_ROUTES.kick(target.uid), { extra: 1 }],
      [ADMIN_ROUTES.bugReportDelete(bugId), { extra: 1 }],
      [ADMIN_ROUTES.flags, { uid: target.uid, kind: huge, evidence: 'e' }],
      [ADMIN_ROUTES.flags, { uid: target.uid, kind: 'k', evidence: '' }],
    ] as const;
    for (const [path, body] of refused) expect((await admin.client.post(path, body)).status, path).toBe(400);
    for (const body of [{ archived: 'no' }, {}, { archived: null }]) {
      expect((await admin.client.put(ADMIN_ROUTES.bugReportArchive(bugId), body)).status).toBe(400);
    }
    for (const body of [{ level: 'admin' }, { level: '' }, {}]) {
      expect((await admin.client.put(ADMIN_ROUTES.verifiedLevel(target.uid), body)).status).toBe(400);
    }

    expect(await auditCount(server)).toBe(audits);
    expect(await flagCount(server)).toBe(flags);
    expect((await userRow(server, target.uid))!).toMatchObject({
      banned: false,
      verifiedLevel: 'notVerified',
      closed: false,
    });
    expect((await admin.client.get(ADMIN_ROUTES.user(target.uid))).body.openReports).toBe(1);
    expect(
      (await admin.client.get(`${ADMIN_ROUTES.bugReports}?status=active`)).body.reports.map(
        (r: { id: string }) => r.id,
      ),
    ).toContain(bugId);
  }, 300_000);
});
