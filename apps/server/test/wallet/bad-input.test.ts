import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  AdminAmountRequest,
  CloseAccountRequest,
  EmptyRequest,
  SetLimitRequest,
  StartDepositRequest,
  WALLET_ROUTES,
  WithdrawRequest,
} from '@rush/protocol';
import { allBalances } from '../../src/modules/wallet/ledger.store.ts';
import {
  ledgerMovements,
  paymentSessions,
  sandboxPayments,
  walletLimits,
  walletRestrictions,
  withdrawals,
} from '../../src/modules/wallet/schema.ts';
import { DB_KINDS } from '../support/database.ts';
import { testFetch, type TestClient } from '../support/http-client.ts';
import { describeBody, hostileBody, send, validFor, type HostileBodyOptions } from '../support/hostile-input.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { userRow, type Registered } from '../accounts/support.ts';
import {
  ADMIN_ENV,
  adminDeposit,
  adminUser,
  anonymous,
  depositThroughSandbox,
  gpsAt,
  verifiedUser,
} from './support/wallet.ts';
import { samples } from '../support/samples.ts';

/**
 * Hostile input at every route the wallet and the admin money API add (and at the sandbox
 * provider's and the webhook's): every answer is a 4xx, never a 5xx, nothing changes in the
 * ledger or the wallet tables, and the server is still healthy afterwards.
 */
const RUNS = samples(80);

const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 1.5, 2 ** 53, -0, 1e308, '100', 'us\u0000', '\u0000', 'ca ', 'bet', null, true, [], {}),
  fc.integer({ min: 129, max: 5_000 }).map((n) => 'é'.repeat(n)),
  fc.record({ latitude: fc.jsonValue(), longitude: fc.jsonValue(), radius: fc.jsonValue(), dateTime: fc.jsonValue() }),
);

const BODIES: HostileBodyOptions = {
  value: hostileValue,
  protoPayloads: [
    '{"__proto__":{"polluted":true}}',
    '{"amount":1,"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ],
  contentTypes: [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=zz',
    'image/png',
    null,
  ],
};

describe.each(DB_KINDS)('wallet and admin bad input (%s)', (kind) => {
  let server: TestServer;
  let user: Registered;
  let admin: Registered;
  let target: Registered;

  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, env: ADMIN_ENV });
    admin = await adminUser(server);
    user = await verifiedUser(server);
    target = await verifiedUser(server);
    await adminDeposit(admin, user.uid, 500);
  });
  afterAll(() => server?.stop());

  /** Everything a request could have changed. */
  const snapshot = async () => {
    const db = server.ctx.db;
    const n = async (t: PgTable) => (await db.select({ n: count() }).from(t))[0]!.n;
    return {
      balances: [...(await allBalances(db))].sort(),
      counts: [
        await n(ledgerMovements),
        await n(paymentSessions),
        await n(withdrawals),
        await n(walletLimits),
        await n(walletRestrictions),
        await n(sandboxPayments),
      ],
      users: [await userRow(server, user.uid), await userRow(server, target.uid)].map((r) => ({ ...r, avatar: null })),
    };
  };

  interface RouteCase {
    label: string;
    method: string;
    path: () => string;
    schema?: z.ZodType;
    keys: string[];
    base?: () => Record<string, unknown>;
    who: () => Registered;
    headers?: () => Record<string, string>;
  }
  const ROUTES: RouteCase[] = [
    {
      method: 'POST',
      label: 'deposits',
      path: () => WALLET_ROUTES.deposits,
      schema: StartDepositRequest,
      keys: ['amount', 'region', 'deviceGps'],
      base: () => ({ amount: 2000, region: 'us', deviceGps: gpsAt(server) }),
      who: () => user,
    },
    {
      method: 'POST',
      label: 'withdrawals',
      path: () => WALLET_ROUTES.withdrawals,
      schema: WithdrawRequest,
      keys: ['amount', 'region'],
      base: () => ({ amount: 100, region: 'us' }),
      who: () => user,
    },
    {
      method: 'PUT',
      label: 'limits',
      path: () => WALLET_ROUTES.limits,
      schema: SetLimitRequest,
      keys: ['kind', 'max', 'until'],
      base: () => ({ kind: 'bet', max: 100, until: '2099-01-01' }),
      who: () => user,
    },
    {
      method: 'POST',
      label: 'top-up',
      path: () => WALLET_ROUTES.topUp,
      schema: EmptyRequest,
      keys: ['uid', 'amount'],
      who: () => user,
    },
    {
      method: 'POST',
      label: 'close account',
      path: () => WALLET_ROUTES.closeAccount,
      schema: CloseAccountRequest,
      keys: ['confirm'],
      who: () => user,
    },
    {
      method: 'POST',
      label: 'admin deposit',
      path: () => WALLET_ROUTES.adminDeposit(target.uid),
      schema: AdminAmountRequest,
      keys: ['amount'],
      base: () => ({ amount: 1 }),
      who: () => admin,
      headers: () => ({ 'idempotency-key': crypto.randomUUID() }),
    },
    {
      method: 'POST',
      label: 'admin withdraw',
      path: () => WALLET_ROUTES.adminWithdraw(user.uid),
      schema: AdminAmountRequest,
      keys: ['amount'],
      base: () => ({ amount: 1 }),
      who: () => admin,
      headers: () => ({ 'idempotency-key': crypto.randomUUID() }),
    },
    {
      method: 'PUT',
      label: 'admin limits',
      path: () => WALLET_ROUTES.adminLimits(target.uid),
      schema: SetLimitRequest,
      keys: ['kind', 'max', 'until'],
      base: () => ({ kind: 'deposit', max: 100, until: '2099-01-01' }),
      who: () => admin,
    },
    {
      method: 'POST',
      label: 'admin close',
      path: () => WALLET_ROUTES.adminClose(target.uid),
      schema: CloseAccountRequest,
      keys: ['confirm'],
      who: () => admin,
    },
    // The provider's side: an unsigned or garbage notification, a checkout that does not exist.
    {
      label: 'payments webhook, bad signature',
      method: 'POST',
      path: () => '/webhooks/payments/sandbox',
      keys: ['id', 'type', 'data'],
      who: () => user,
      headers: () => ({ 'x-sandbox-signature': 't=1,v1=00' }),
    },
    {
      label: 'payments webhook, unsigned',
      method: 'POST',
      path: () => '/webhooks/payments/sandbox',
      keys: ['id', 'type', 'data'],
      who: () => user,
    },
    {
      label: 'sandbox pay, unknown checkout',
      method: 'POST',
      path: () => `/api/sandbox-pay/checkout/${crypto.randomUUID()}/pay`,
      keys: ['status', 'amount'],
      who: () => user,
    },
  ];

  for (const route of ROUTES) {
    it(`${route.method} ${route.label}: every hostile body gets a 4xx and changes nothing`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(hostileBody(BODIES, route.keys, route.base?.()), async (body) => {
          fc.pre(!validFor(route.schema, body));
          const res = await send(route.who().client, route.method, route.path(), body, route.headers?.() ?? {});
          if (res.status < 400 || res.status >= 500)
            throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${describeBody(body)}`);
          expect(res.body?.error?.code, describeBody(body)).toBeTypeOf('string');
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('GET routes and path segments: random queries never get a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 200 }).map(encodeURIComponent),
      fc.constantFrom(
        '%ff%fe',
        '%00',
        '%',
        '-1',
        '0',
        '1e3',
        '99999999999999999999',
        'a&page=2&page=3',
        'x'.repeat(3000),
      ),
    );
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const gets: [TestClient, string][] = [
          [user.client, `${WALLET_ROUTES.transactions}?page=${v}`],
          [admin.client, `${WALLET_ROUTES.adminTransactions}?page=${v}`],
          [user.client, `/sandbox-pay/checkout/${v.slice(0, 180)}`],
          [user.client, `${WALLET_ROUTES.summary}?${v}=${v}`],
        ];
        for (const [client, path] of gets) {
          const res = await client.get(path);
          if (res.status >= 500) throw new Error(`${res.status} for ${path.slice(0, 200)}`);
        }
        const posts: [TestClient, string][] = [
          [admin.client, WALLET_ROUTES.adminDeposit(v.slice(0, 180))],
          [user.client, `/api/sandbox-pay/checkout/${v.slice(0, 180)}/cancel`],
        ];
        for (const [client, path] of posts) {
          const res = await client.request(
            'POST',
            path,
            { amount: 1 },
            { headers: { 'idempotency-key': crypto.randomUUID() } },
          );
          if (res.status >= 500 || res.status < 400) throw new Error(`${res.status} for POST ${path.slice(0, 200)}`);
        }
      }),
      { numRuns: samples(60) },
    );
    expect(await snapshot()).toEqual(before);
    // Signed out, nothing but 401s.
    for (const path of [WALLET_ROUTES.summary, WALLET_ROUTES.transactions])
      expect((await anonymous(server).get(path)).status).toBe(401);
  });

  it('is still healthy afterwards, and the real flows still work', async () => {
    const health = await testFetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    await depositThroughSandbox(server, user, 1000);
    expect((await user.client.get(WALLET_ROUTES.summary)).body.balances.usd).toBe(1500);
  });
});
