import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, ErrorBody, WALLET_ROUTES } from '@rush/protocol';
import { RATE_LIMIT_REDIS_PREFIX } from '../../src/platform/http/rate-limit.ts';
import { TEST_REDIS_URL } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * Issue 10: API limits per signed-in user (per address for visitors), per route class; the web
 * app's files and the HTML shell are never limited. Every test uses its own address (the server
 * trusts X-Forwarded-For here), so the tests share one server without sharing budgets.
 */
const LIMITS = { read: 5, write: 4, strict: 3 };
const limitEnv = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_READ_PER_MIN: String(LIMITS.read),
  RATE_LIMIT_WRITE_PER_MIN: String(LIMITS.write),
  RATE_LIMIT_STRICT_PER_MIN: String(LIMITS.strict),
};

const randomIp = () => `10.${[...crypto.randomBytes(3)].join('.')}`;

/** Registers and logs in from a throwaway address, then returns the signed-in client speaking from `ip`. */
async function signedInFrom(server: TestServer, ip: string): Promise<TestClient> {
  const username = `l${crypto.randomBytes(4).toString('hex')}`.slice(0, 10);
  const password = 'Secret#123';
  const registering = new TestClient(server.baseUrl, { ip: randomIp() });
  const res = await registering.post(ACCOUNT_ROUTES.register, {
    username,
    email: `${username}@example.com`,
    dob: { year: 1990, month: 5, day: 17 },
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Registration may or may not sign in (issue 10 changes it); a login always does.
  const login = await registering.post(ACCOUNT_ROUTES.login, { identifier: username, password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const client = new TestClient(server.baseUrl, { ip });
  for (const [k, v] of registering.cookies) client.cookies.set(k, v);
  return client;
}

async function statuses(times: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) out.push((await call()).status);
  return out;
}

describe('API rate limit', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    // A stand-in for the built web app, so the static routes exist.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-rl-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    server = await startTestServer({ env: { ...limitEnv, WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('never limits static files, the HTML shell or /healthz, even for an address out of API budget', async () => {
    const ip = randomIp();
    const visitor = new TestClient(server.baseUrl, { ip });
    expect(await statuses(LIMITS.read + 1, () => visitor.get(ACCOUNT_ROUTES.appConfig))).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
    for (const p of ['/', '/assets/app.js', '/wallet', '/leaderboard', '/healthz']) {
      const got = await statuses(30, () => fetch(`${server.baseUrl}${p}`, { headers: { 'x-forwarded-for': ip } }));
      expect(got, p).toEqual(Array(30).fill(200));
    }
  });

  it('gives two signed-in users behind one address separate budgets', async () => {
    const ip = randomIp();
    const alice = await signedInFrom(server, ip);
    const bob = await signedInFrom(server, ip);
    expect(await statuses(LIMITS.read + 1, () => alice.get(ACCOUNT_ROUTES.session))).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
    expect(await statuses(LIMITS.read, () => bob.get(ACCOUNT_ROUTES.session))).toEqual([200, 200, 200, 200, 200]);
    const me = await bob.get(ACCOUNT_ROUTES.session);
    expect(me.status).toBe(429);
  });

  it('keys visitors by address: a fresh visitor on a spent address is limited, other addresses and users are not', async () => {
    const ip = randomIp();
    const first = new TestClient(server.baseUrl, { ip });
    expect(await statuses(LIMITS.read, () => first.get(ACCOUNT_ROUTES.appConfig))).toEqual([200, 200, 200, 200, 200]);
    // No cookies at all: same address, same budget.
    expect((await new TestClient(server.baseUrl, { ip }).get(ACCOUNT_ROUTES.appConfig)).status).toBe(429);
    expect((await new TestClient(server.baseUrl, { ip: randomIp() }).get(ACCOUNT_ROUTES.appConfig)).status).toBe(200);
    const user = await signedInFrom(server, ip);
    expect((await user.get(ACCOUNT_ROUTES.appConfig)).status).toBe(200);
  });

  it('limits logins (strict) before reads from the same address', async () => {
    const visitor = new TestClient(server.baseUrl, { ip: randomIp() });
    const login = () =>
      visitor.post(ACCOUNT_ROUTES.login, {
        identifier: `nobody${crypto.randomBytes(3).toString('hex')}`,
        password: 'Wrong#123',
      });
    // The client's CSRF bootstrap GET is a read; the logins fail on credentials until the limit.
    const answers = [];
    for (let i = 0; i <= LIMITS.strict; i++) answers.push(await login());
    expect(answers.slice(0, LIMITS.strict).map((r) => r.body.error.code)).toEqual(
      Array(LIMITS.strict).fill('INVALID_CREDENTIALS'),
    );
    expect(answers[LIMITS.strict]!.status).toBe(429);
    expect(answers[LIMITS.strict]!.body.error.code).toBe('RATE_LIMITED');
    expect((await visitor.get(ACCOUNT_ROUTES.appConfig)).status).toBe(200);
  });

  it('limits money writes (strict) before reads and other writes of the same user', async () => {
    const user = await signedInFrom(server, randomIp());
    const withdraw = () => user.post(WALLET_ROUTES.withdrawals, {});
    const refused = await statuses(LIMITS.strict, withdraw);
    for (const s of refused) expect(s).not.toBe(429);
    const limited = await withdraw();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    // An admin money route is in the same class and budget.
    expect((await user.post(WALLET_ROUTES.adminDeposit(crypto.randomUUID()), {})).status).toBe(429);
    expect((await user.get(ACCOUNT_ROUTES.session)).status).toBe(200);
    expect((await user.request('PATCH', ACCOUNT_ROUTES.color, {})).status).not.toBe(429);
  });

  it('answers 429 with Retry-After and the protocol error body', async () => {
    const visitor = new TestClient(server.baseUrl, { ip: randomIp() });
    await statuses(LIMITS.read, () => visitor.get(ACCOUNT_ROUTES.appConfig));
    const res = await visitor.get(ACCOUNT_ROUTES.appConfig);
    expect(res.status).toBe(429);
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    const seconds = Number(retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(ErrorBody.parse(res.body)).toEqual({
      error: { code: 'RATE_LIMITED', message: TEXTS.rateLimitedRetryIn(seconds) },
    });
  });
});

/** Two instances on one Redis count together, so adding an instance does not double anyone's budget. */
describe.runIf(TEST_REDIS_URL)('API rate limit on two instances sharing REDIS_URL', () => {
  let a: TestServer;
  let b: TestServer;
  const ip = randomIp();
  beforeAll(async () => {
    const env = { ...limitEnv, REDIS_URL: TEST_REDIS_URL! };
    a = await startTestServer({ env });
    b = await startTestServer({ env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      const keys = await redis.keys(`${RATE_LIMIT_REDIS_PREFIX}*${ip}`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('shares the counters: the budget spent on one instance is spent on the other', async () => {
    const onA = new TestClient(a.baseUrl, { ip });
    const onB = new TestClient(b.baseUrl, { ip });
    expect(await statuses(3, () => onA.get(ACCOUNT_ROUTES.appConfig))).toEqual([200, 200, 200]);
    expect(await statuses(2, () => onB.get(ACCOUNT_ROUTES.appConfig))).toEqual([200, 200]);
    const limitedOnB = await onB.get(ACCOUNT_ROUTES.appConfig);
    expect(limitedOnB.status).toBe(429);
    expect(limitedOnB.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await onA.get(ACCOUNT_ROUTES.appConfig)).status).toBe(429);
  });
});
