import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import { TestClient } from '../../support/http-client.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { eventually, registerUser, type Registered } from '../../accounts/support.ts';
import type { ManualClock } from '../../../src/platform/clock.ts';
import type { Db, DatabaseKind } from '../../../src/platform/db/database.ts';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { allBalances, readBalance } from '../../../src/modules/wallet/ledger.store.ts';
import { checkLedger } from '../../../src/modules/wallet/reconciliation.store.ts';
import { createWalletCore, type WalletLinks } from '../../../src/modules/wallet/module.ts';
import { sandboxDecisionPath } from '../../../src/modules/wallet/payments/sandbox/routes.ts';
import { SANDBOX_SECRET_KEY } from '../../../src/modules/wallet/payments/sandbox/secret.ts';
import { signPayload, SIGNATURE_HEADER } from '../../../src/modules/wallet/payments/signature.ts';
import { SANDBOX_WEBHOOK_PATH } from '../../../src/modules/wallet/payments/webhook.routes.ts';
import { sharedSecret } from '../../../src/modules/wallet/payments/secret.store.ts';
import { paymentSessions, withdrawals } from '../../../src/modules/wallet/schema.ts';

export { eventually };

/** A device in New York City (cash allowed), fixed now by the server's clock. */
export const gpsAt = (server: TestServer, latitude = 40.7128, longitude = -74.006, radius = 10) => ({
  latitude,
  longitude,
  radius,
  altitude: null,
  speed: null,
  dateTime: server.clock.now().toISOString(),
});
export const TORONTO = [43.6532, -79.3832] as const;
export const PHOENIX = [33.4484, -112.074] as const;
export const LONDON = [51.5072, -0.1276] as const;

/** Registers a user through the API and verifies the email through the mailed link. */
export async function verifiedUser(
  server: TestServer,
  overrides: Parameters<typeof registerUser>[1] = {},
  options: { onboard?: boolean } = {},
): Promise<Registered> {
  const user = await registerUser(server, overrides);
  await eventually(() => server.mailer.last(user.email) !== undefined);
  const link = new URL(server.mailer.link(user.email));
  const res = await user.client.get(`${link.pathname}${link.search}`);
  expect(res.status).toBe(302);
  // In sandbox mode a verified user also has a verified provider wallet (SPEC 4), as most suites
  // need; the Dots suites onboard through the emulator's SMS code themselves.
  if (options.onboard ?? server.config.payments === 'sandbox') await onboardWallet(server, user);
  return user;
}

/** A ten-digit phone no other test user has (one person, one account: each test user is another person). */
export const uniquePhone = () => `555${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;
export const identityPhone = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * The wallet create and verify forms through the API (the sandbox takes any six digits), then
 * the identity profile with the same phone (the built-in rules verify it at once).
 */
export async function onboardWallet(server: TestServer, user: Registered, code = '123456'): Promise<void> {
  const digits = uniquePhone();
  const created = await user.client.post(WALLET_ROUTES.onboardingCreate, {
    phone: `+1 ${identityPhone(digits)}`,
    firstName: 'Test',
    lastName: 'Player',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const verified = await user.client.post(WALLET_ROUTES.onboardingVerify, { code });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.step).toBe('verified');
  const identity = await submitProfile(server, user, { phone: identityPhone(digits) });
  expect(identity.status, JSON.stringify(identity.body)).toBe(200);
  expect(identity.body.step).toBe('verified');
}

/** The identity start form as the web sends it (an adult in New York; overrides per test). */
export function profileBody(server: TestServer, patch: Record<string, unknown> = {}) {
  return {
    salutation: 'Ms.',
    firstName: 'Test',
    lastName: 'Player',
    dateOfBirth: '04/05/1990',
    phone: identityPhone(uniquePhone()),
    citizenshipCountryCode: 'US',
    deviceGps: gpsAt(server),
    ...patch,
  };
}

export function submitProfile(server: TestServer, user: Registered, patch: Record<string, unknown> = {}) {
  return user.client.post(WALLET_ROUTES.identityProfile, profileBody(server, patch));
}

/**
 * A withdrawal as the wallet's Withdraw form sends it, with the device's position (in New York, or
 * in Toronto on the Canadian path) unless the body gives its own.
 */
export function postWithdrawal(
  server: TestServer,
  client: TestClient,
  body: { amount: number; region?: 'us' | 'ca'; deviceGps?: unknown },
) {
  const region = body.region ?? 'us';
  const deviceGps = region === 'ca' ? gpsAt(server, ...TORONTO) : gpsAt(server);
  return client.post(WALLET_ROUTES.withdrawals, { deviceGps, ...body, region });
}

export const ADMIN_EMAIL = 'admin@x.test';
export const ADMIN_ENV = { ADMIN_EMAILS: ADMIN_EMAIL };

export async function adminUser(server: TestServer): Promise<Registered> {
  return verifiedUser(server, { username: `adm${crypto.randomBytes(3).toString('hex')}`, email: ADMIN_EMAIL });
}

/** Admin deposit: the way tests put withdrawable USD on an account (no wagering requirement). */
export async function adminDeposit(admin: Registered, uid: string, amount: number, key: string = crypto.randomUUID()) {
  return admin.client.request(
    'POST',
    WALLET_ROUTES.adminDeposit(uid),
    { amount },
    { headers: { 'idempotency-key': key } },
  );
}

/** A verified user with `cents` of withdrawable USD (an admin deposit carries no wagering requirement). */
export async function fundedUser(server: TestServer, admin: Registered, cents: number): Promise<Registered> {
  const u = await verifiedUser(server);
  expect((await adminDeposit(admin, u.uid, cents)).status).toBe(200);
  return u;
}

/** What a user's pending withdrawals hold. */
export const heldUsd = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.withdrawal(uid).id);

/**
 * What a wallet built by a test asks of the other capabilities: a profile that knows nobody, no
 * game running, nobody suspected (unless the test says otherwise).
 */
export const testWalletLinks = (over: Partial<WalletLinks> = {}): WalletLinks => ({
  profile: {
    me: () => Promise.resolve(null),
    notifyChanged: () => Promise.resolve(),
    accountRestricted: () => Promise.resolve(),
    standingChanged: () => Promise.resolve(),
  },
  games: {
    isGameRunning: () => Promise.resolve(false),
    playedIn: () => Promise.resolve([]),
    playersIn: () => Promise.resolve([]),
  },
  suspicion: () => Promise.resolve(false),
  ...over,
});

/** The wallet's services on the server's database, as a second instance would build them. */
export function walletCore(server: TestServer, links: Partial<WalletLinks> = {}) {
  return createWalletCore(server.ctx, testWalletLinks(links));
}
export type WalletCore = ReturnType<typeof walletCore>;

/**
 * A suite's server, with ADMIN_ENV, and its admin signed up and verified (the suite stops the
 * server). `http: 'inject'` for a suite that only speaks HTTP (no socket, no second instance).
 */
export async function startWalletServer(kind: DatabaseKind, options: { clock?: 'manual'; http?: 'inject' } = {}) {
  const server = await startTestServer({ kind, ...options, env: ADMIN_ENV });
  const admin = await adminUser(server);
  return { server, admin };
}

/** The same on a manual clock, with a second wallet core on the server's database. */
export async function startManualWalletServer(kind: DatabaseKind, options: { http?: 'inject' } = {}) {
  const { server, admin } = await startWalletServer(kind, { ...options, clock: 'manual' });
  return { server, clock: server.clock as ManualClock, admin, core: walletCore(server) };
}

export const usd = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'usd').id);
export const rc = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);

/** Starts a deposit as the wallet modal does; answers the checkout id from the iframe URL. */
export async function startDeposit(
  server: TestServer,
  user: Registered,
  amount: number,
  region: 'us' | 'ca' = 'us',
  gps = gpsAt(server),
) {
  const res = await user.client.post(WALLET_ROUTES.deposits, { amount, region, deviceGps: gps });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = res.body.url as string;
  expect(url).toMatch(/^\/sandbox-pay\/checkout\/[0-9a-f-]{36}$/);
  return { sessionId: res.body.sessionId as string, url, checkoutId: url.split('/').pop()! };
}

/** Presses Pay inside the iframe (the page's script posts exactly this). */
export function pressPay(client: TestClient, checkoutId: string) {
  return client.post(sandboxDecisionPath(checkoutId, 'pay'), {});
}

/** A full deposit through the sandbox provider. */
export async function depositThroughSandbox(
  server: TestServer,
  user: Registered,
  amount: number,
  region: 'us' | 'ca' = 'us',
) {
  const started = await startDeposit(server, user, amount, region);
  const paid = await pressPay(user.client, started.checkoutId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return started;
}

/** A notification exactly as the sandbox provider signs it (what an attacker could capture). */
export async function signedNotification(
  server: TestServer,
  body: { id: string; type: string; data: { reference: string; amount: number } },
  secret?: string,
) {
  const raw = JSON.stringify(body);
  const key = secret ?? (await sharedSecret(server.ctx.db, SANDBOX_SECRET_KEY));
  return { raw, signature: signPayload(key, raw, server.clock.now()) };
}

export function postWebhook(server: TestServer, raw: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers[SIGNATURE_HEADER] = signature;
  return fetch(server.baseUrl + SANDBOX_WEBHOOK_PATH, { method: 'POST', headers, body: raw }).then(async (r) => ({
    status: r.status,
    body: (await r.json().catch(() => null)) as any,
  }));
}

export async function sessionRow(server: TestServer, id: string) {
  return (await server.ctx.db.select().from(paymentSessions).where(eq(paymentSessions.id, id)))[0];
}

export async function withdrawalRow(server: TestServer, id: string) {
  return (await server.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];
}

export async function withdrawalsOf(server: TestServer, uid: string) {
  return server.ctx.db.select().from(withdrawals).where(eq(withdrawals.uid, uid));
}

/**
 * The double-entry invariants: every currency sums to zero, balances equal the transfers (both read
 * in one snapshot by the reconciliation's own check, so a movement a background job commits
 * meanwhile cannot look like a mismatch), and no user, escrow, fee or withdrawal account below zero.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const findings = await checkLedger(db);
  expect(findings.sums).toEqual({ usd: '0', wbx: '0' });
  expect(findings.mismatches).toEqual([]);
  for (const [id, balance] of await allBalances(db)) {
    if (/^(user|escrow|system:fee|withdrawal)/.test(id)) expect(balance >= 0n, id).toBe(true);
  }
}

/** A second browser for the same site, signed out. */
export const anonymous = (server: TestServer) => new TestClient(server.baseUrl);

/**
 * A withdrawal suite's verbs on its server, read when called (the suite's set-up fills `suite`
 * before the tests run): a funded user, a withdrawal as the form sends it, and what is held.
 */
export function withdrawalVerbs(suite: () => { server: TestServer; admin: Registered }) {
  return {
    funded: (cents: number) => fundedUser(suite().server, suite().admin, cents),
    withdraw: (u: Registered, amount: number, region: 'us' | 'ca' = 'us') =>
      postWithdrawal(suite().server, u.client, { amount, region }),
    held: (uid: string) => heldUsd(suite().server, uid),
  };
}
