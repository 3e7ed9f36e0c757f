import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements, paymentSessions } from '../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { registerUser, setUserColumns, signInAgain } from '../accounts/support.ts';
import {
  depositThroughSandbox,
  expectLedgerInvariants,
  gpsAt,
  LONDON,
  PHOENIX,
  postWebhook,
  pressPay,
  sessionRow,
  signedNotification,
  startDeposit,
  TORONTO,
  usd,
  verifiedUser,
  postWithdrawal,
} from './support/wallet.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(POSTGRES_TOO)('deposits through the sandbox provider (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const movementsWithKey = async (key: string) =>
    (
      await server.ctx.db.select({ n: count() }).from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, key))
    )[0]!.n;
  const sessionsOf = async (uid: string) =>
    server.ctx.db.select().from(paymentSessions).where(eq(paymentSessions.uid, uid));

  itOnPglite('every wallet route answers 403 EMAIL_NOT_VERIFIED to an unverified user, 401 signed out', async () => {
    const u = await registerUser(server);
    const calls = [
      () => u.client.get(WALLET_ROUTES.summary),
      () => u.client.get(`${WALLET_ROUTES.transactions}?page=1`),
      () => u.client.post(WALLET_ROUTES.deposits, { amount: 2000, region: 'us', deviceGps: gpsAt(server) }),
      () => postWithdrawal(server, u.client, { amount: 100, region: 'us' }),
      () => u.client.put(WALLET_ROUTES.limits, { kind: 'bet', max: 100, until: '2030-01-01' }),
      () => u.client.post(WALLET_ROUTES.topUp, {}),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Sorry, this option is available only to verified users.',
      });
    }
    await u.client.post('/api/auth/logout', {});
    expect((await u.client.get(WALLET_ROUTES.summary)).status).toBe(401);
    expect(await sessionsOf(u.uid)).toEqual([]);
  });

  itOnPglite('end to end: checkout page in the iframe, Pay, credited once from the provider confirmation', async () => {
    const u = await verifiedUser(server);
    const started = await startDeposit(server, u, 2000);
    // Nothing is credited for starting a checkout.
    expect(await usd(server, u.uid)).toBe(0n);
    expect((await sessionRow(server, started.sessionId))!.status).toBe('open');

    const page = await u.client.get(started.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = page.body as string;
    expect(html).toContain('$20.00');
    expect(html).toContain('data-action="pay"');
    expect(html).toContain('data-action="cancel"');
    expect(html).toContain('<script src="/sandbox-pay/assets/checkout.js" defer></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script: the CSP would block it
    expect(html).not.toMatch(/\son[a-z]+=/); // no inline handlers either
    const js = await u.client.get('/sandbox-pay/assets/checkout.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.body).toContain("fetch('/api/sandbox-pay/checkout/'");
    const css = await u.client.get('/sandbox-pay/assets/checkout.css');
    expect(css.headers.get('content-type')).toContain('text/css');

    const paid = await pressPay(u.client, started.checkoutId);
    expect(paid.body).toEqual({ status: 'paid' });
    expect(await usd(server, u.uid)).toBe(2000n);
    const row = await sessionRow(server, started.sessionId);
    expect(row!.status).toBe('completed');
    expect(row!.completedAt?.toISOString()).toBe(clock.now().toISOString());

    // Paying again, or cancelling now, changes nothing.
    const again = await pressPay(u.client, started.checkoutId);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TEXTS.paymentNotOpen);
    expect((await u.client.post(`/api/sandbox-pay/checkout/${started.checkoutId}/cancel`, {})).status).toBe(409);
    expect(await usd(server, u.uid)).toBe(2000n);
    expect(await movementsWithKey(`deposit:${started.sessionId}`)).toBe(1);
    // The paid page no longer offers Pay.
    expect((await u.client.get(started.url)).body).toContain('Payment received.');

    const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(summary.balances).toEqual({ usd: 2000, wbx: 0 });
    expect(summary.lastDepositAt).toBe(clock.now().toISOString());
    expect(summary.depositRoom).toBe(300_000 - 2000);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('Cancel ends the checkout: nothing credited, its amount no longer reserved', async () => {
    const u = await verifiedUser(server);
    const started = await startDeposit(server, u, 5000);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(300_000 - 5000);
    const cancelled = await u.client.post(`/api/sandbox-pay/checkout/${started.checkoutId}/cancel`, {});
    expect(cancelled.body).toEqual({ status: 'cancelled' });
    expect((await sessionRow(server, started.sessionId))!.status).toBe('cancelled');
    expect((await pressPay(u.client, started.checkoutId)).status).toBe(409);
    expect(await usd(server, u.uid)).toBe(0n);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(300_000);
  });

  itOnPglite('a replayed webhook changes nothing; forged, tampered, stale or unsigned ones are refused', async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 3000);
    const note = await signedNotification(server, {
      id: 'evt_replay',
      type: 'checkout.paid',
      data: { reference: s.sessionId, amount: 3000 },
    });
    expect((await postWebhook(server, note.raw, note.signature)).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(3000n);
    for (let i = 0; i < 3; i++) expect((await postWebhook(server, note.raw, note.signature)).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(3000n);
    expect(await movementsWithKey(`deposit:${s.sessionId}`)).toBe(1);

    const other = await startDeposit(server, u, 4000);
    const body = { id: 'evt_forged', type: 'checkout.paid', data: { reference: other.sessionId, amount: 4000 } };
    const forged = await signedNotification(server, body, 'not-the-secret');
    const good = await signedNotification(server, body);
    const tampered = await signedNotification(server, { ...body, data: { ...body.data, amount: 1000 } });
    clock.advance(-10 * 60_000);
    const stale = await signedNotification(server, body);
    clock.advance(10 * 60_000);
    for (const [raw, signature] of [
      [forged.raw, forged.signature],
      [good.raw, undefined],
      [good.raw, 'garbage'],
      [good.raw, good.signature.replace(/v1=(.)/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`)],
      [good.raw.replace('4000', '9000'), good.signature],
      [tampered.raw, good.signature],
      [stale.raw, stale.signature],
    ] as const) {
      const res = await postWebhook(server, raw, signature);
      expect(res.status, `${raw} ${signature}`).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Invalid signature' });
    }
    // Properly signed but naming the wrong amount: the provider and we disagree, nothing moves.
    const wrongAmount = await signedNotification(server, {
      ...body,
      id: 'evt_wrong',
      data: { reference: other.sessionId, amount: 5000 },
    });
    expect((await postWebhook(server, wrongAmount.raw, wrongAmount.signature)).status).toBe(400);
    const unknown = await signedNotification(server, { ...body, data: { reference: 'no-such-session', amount: 4000 } });
    expect((await postWebhook(server, unknown.raw, unknown.signature)).status).toBe(404);
    expect(await usd(server, u.uid)).toBe(3000n);
    expect((await sessionRow(server, other.sessionId))!.status).toBe('open');
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('the browser cannot credit itself by calling anything', async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 2500);
    const attempts = [
      () =>
        u.client.post('/webhooks/payments/sandbox', {
          id: 'x',
          type: 'checkout.paid',
          data: { reference: s.sessionId, amount: 2500 },
        }),
      () => u.client.post(`/api/sandbox-pay/checkout/${s.sessionId}/pay`, {}), // our session id is not a checkout
      () =>
        u.client.post(`/api/sandbox-pay/checkout/${s.checkoutId}/pay?amount=999999`, {
          amount: 999_999,
          status: 'paid',
        }),
      () =>
        u.client.post(WALLET_ROUTES.deposits, {
          amount: 2500,
          region: 'us',
          deviceGps: gpsAt(server),
          credited: true,
          status: 'completed',
        }),
      () => u.client.request('PATCH', `/api/wallet/deposits/${s.sessionId}`, { status: 'completed' }),
      () => u.client.post(`/api/wallet/deposits/${s.sessionId}/confirm`, {}),
    ];
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await attempt()).status);
    expect(statuses[0]).toBe(403);
    expect(statuses[1]).toBe(404);
    // Pressing Pay is the payment itself: it credits exactly the session's amount, once.
    expect(statuses[2]).toBe(200);
    expect(statuses.slice(4)).toEqual([404, 404]);
    expect(await usd(server, u.uid)).toBe(2500n);
    const completed = (await sessionsOf(u.uid)).filter((r) => r.status === 'completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.amount).toBe(2500n);
  });

  it('concurrent deliveries of one payment, and concurrent Pay presses, credit it once', async () => {
    const u = await verifiedUser(server);
    const s = await startDeposit(server, u, 4200);
    const note = await signedNotification(server, {
      id: 'evt_race',
      type: 'checkout.paid',
      data: { reference: s.sessionId, amount: 4200 },
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => postWebhook(server, note.raw, note.signature)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await usd(server, u.uid)).toBe(4200n);
    expect(await movementsWithKey(`deposit:${s.sessionId}`)).toBe(1);

    const t = await startDeposit(server, u, 1800);
    const presses = await Promise.all(Array.from({ length: 8 }, () => pressPay(u.client, t.checkoutId)));
    expect(presses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(presses.filter((r) => r.status === 409)).toHaveLength(7);
    // The press that paid delivered the provider's notification itself (a concurrent sweep
    // cannot claim it first), so the credit is there when Pay answers.
    expect(await usd(server, u.uid)).toBe(6000n);
    expect(await movementsWithKey(`deposit:${t.sessionId}`)).toBe(1);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('Canadian deposits: the user gets the amount minus US$0.50, the fee goes to the platform', async () => {
    const u = await verifiedUser(server);
    const feeBefore = await readBalance(server.ctx.db, accountOf.fee('usd').id);
    const s = await startDeposit(server, u, 2000, 'ca', gpsAt(server, ...TORONTO));
    await pressPay(u.client, s.checkoutId);
    // Pending for the funding window (issue 16; test/wallet/canada/ covers the window itself).
    expect(await readBalance(server.ctx.db, accountOf.funding(u.uid).id)).toBe(1950n);
    expect((await readBalance(server.ctx.db, accountOf.fee('usd').id)) - feeBefore).toBe(50n);
    const [row] = (await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions;
    expect(row).toMatchObject({ type: 'deposit', amount: 2000, fee: 50, currency: 'usd', status: 'pending' });

    const inCanadaAsUs = await u.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server, ...TORONTO),
    });
    expect(inCanadaAsUs.status).toBe(400);
    expect(inCanadaAsUs.body.error.message).toBe(TEXTS.regionIsCanada);
    const inUsAsCanada = await u.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'ca',
      deviceGps: gpsAt(server),
    });
    expect(inUsAsCanada.status).toBe(400);
    expect(inUsAsCanada.body.error.message).toBe(TEXTS.regionNotCanada);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('refuses amounts the rules forbid, with clear texts, and creates nothing', async () => {
    const u = await verifiedUser(server);
    const tryDeposit = (amount: number) =>
      u.client.post(WALLET_ROUTES.deposits, { amount, region: 'us', deviceGps: gpsAt(server) });
    const low = await tryDeposit(999);
    expect(low.status).toBe(400);
    expect(low.body.error.message).toBe('The minimum deposit is $10.00.');
    const high = await tryDeposit(1_000_001);
    expect(high.status).toBe(400);
    expect(high.body.error.message).toBe('The maximum deposit is $10,000.00.');
    expect(await sessionsOf(u.uid)).toEqual([]);

    // US$3,000 a month, open checkouts included.
    await depositThroughSandbox(server, u, 290_000);
    const open = await startDeposit(server, u, 6000);
    const over = await tryDeposit(4001);
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: 'DEPOSIT_REFUSED',
      message: 'Deposits are limited to US$3,000.00 per month. You can deposit up to $40.00 more this month.',
    });
    await u.client.post(`/api/sandbox-pay/checkout/${open.checkoutId}/cancel`, {});
    expect((await tryDeposit(4001)).status).toBe(200);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(10_000 - 4001);
  });

  itOnPglite('an active deposit limit caps deposits with its own text', async () => {
    const u = await verifiedUser(server);
    const until = new Date(clock.now().getTime() + 7 * DAY);
    expect(
      (await u.client.put(WALLET_ROUTES.limits, { kind: 'deposit', max: 5000, until: until.toISOString() })).status,
    ).toBe(200);
    const over = await u.client.post(WALLET_ROUTES.deposits, { amount: 5001, region: 'us', deviceGps: gpsAt(server) });
    expect(over.status).toBe(409);
    const shown = `${until.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;
    expect(over.body.error.message).toBe(`Your deposit limit allows $50.00 more until ${shown}.`);
    await depositThroughSandbox(server, u, 5000);
    const none = await u.client.post(WALLET_ROUTES.deposits, { amount: 1000, region: 'us', deviceGps: gpsAt(server) });
    expect(none.body.error.message).toBe(`Your deposit limit allows $0.00 more until ${shown}.`);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(0);
  });

  itOnPglite('location services are required, and the location and account are checked (SPEC 1, 8)', async () => {
    const u = await verifiedUser(server);
    const body = (deviceGps?: unknown) => ({
      amount: 2000,
      region: 'us',
      ...(deviceGps === undefined ? {} : { deviceGps }),
    });
    const none = await u.client.post(WALLET_ROUTES.deposits, body());
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({ code: 'LOCATION_REQUIRED', message: TEXTS.locationRequired });
    for (const [lat, lon] of [PHOENIX, LONDON, [36.1627, -86.7816] /* Nashville, TN */]) {
      const res = await u.client.post(WALLET_ROUTES.deposits, body(gpsAt(server, lat, lon)));
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'LOCATION_BLOCKED', message: 'Gaming in this location is restricted.' });
    }
    // Within the accuracy circle of a refused state is refused too (Southaven, MS, by Memphis, TN).
    const nearBorder = await u.client.post(WALLET_ROUTES.deposits, body(gpsAt(server, 34.989, -90.0126, 5000)));
    expect(nearBorder.body.error.code).toBe('LOCATION_BLOCKED');
    const stale = { ...gpsAt(server), dateTime: new Date(clock.now().getTime() - HOUR).toISOString() };
    const old = await u.client.post(WALLET_ROUTES.deposits, body(stale));
    expect(old.status).toBe(422);
    expect(old.body.error).toEqual({ code: 'IDENTITY_FAILED', message: 'Unable to process' });
    await setUserColumns(server, u.uid, { banned: true });
    const banned = await u.client.post(WALLET_ROUTES.deposits, body(gpsAt(server)));
    expect(banned.status).toBe(403);
    expect(banned.body.error).toEqual({
      code: 'IDENTITY_BLOCKED',
      message: 'This account is blocked from playing. If you believe this is in error, please contact support.',
    });
    expect(await sessionsOf(u.uid)).toEqual([]);
  });

  itOnPglite('the monthly cap starts over with the calendar month (UTC)', async () => {
    const u = await verifiedUser(server);
    await depositThroughSandbox(server, u, 300_000);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(0);
    const now = clock.now();
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    // Weeks later the session has lapsed (sessions slide 7 days): sign in again.
    await signInAgain(u);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(300_000);
    await depositThroughSandbox(server, u, 1000);
    expect(await usd(server, u.uid)).toBe(301_000n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
