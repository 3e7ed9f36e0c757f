import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  countUsers,
  login,
  PASSWORD,
  registerUser,
  registration,
  setUserColumns,
  uniqueName,
  userRow,
} from './support.ts';

describe.each(DB_KINDS)('registration (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual', env: { ADMIN_EMAILS: 'Boss@Example.com, other@x.test' } });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const expectField = async (overrides: Parameters<typeof registration>[0], field: string, text: string) => {
    const client = new TestClient(server.baseUrl);
    const before = await countUsers(server);
    const res = await client.post('/api/auth/register', registration(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields[field]).toBe(text);
    expect(await countUsers(server)).toBe(before);
    expect(client.cookies.has('sid')).toBe(false);
  };

  it('answers each SPEC 5 rule with its exact text, per field', async () => {
    await expectField({ username: '' }, 'username', TEXTS.usernameRequired);
    await expectField({ username: 'ab' }, 'username', TEXTS.usernameTooShort);
    await expectField({ username: 'abcdefghijk' }, 'username', TEXTS.usernameTooLong);
    await expectField({ username: '1abc' }, 'username', TEXTS.usernameMustStartWithLetter);
    await expectField({ username: 'ab_cd' }, 'username', 'Special characters cannot be used');
    await expectField({ username: 'ab cd' }, 'username', 'Special characters cannot be used');
    await expectField({ email: '' }, 'email', TEXTS.emailRequired);
    await expectField({ email: 'not-an-email' }, 'email', TEXTS.emailInvalid);
    await expectField({ password: 'Ab#1', confirmPassword: 'Ab#1' }, 'password', TEXTS.passwordTooShort);
    await expectField(
      { password: 'Abcdefghijklmnop#1234', confirmPassword: 'Abcdefghijklmnop#1234' },
      'password',
      TEXTS.passwordTooLong,
    );
    await expectField(
      { password: 'Password1', confirmPassword: 'Password1' },
      'password',
      'Password must contain at least 1 symbol',
    );
    await expectField(
      { password: 'Password#', confirmPassword: 'Password#' },
      'password',
      'Password must contain at least 1 number',
    );
    await expectField(
      { password: 'password#1', confirmPassword: 'password#1' },
      'password',
      'Password must contain at least 1 capital letter',
    );
    await expectField({ confirmPassword: 'Secret#124' }, 'confirmPassword', TEXTS.confirmMismatch);
    await expectField({ dob: null }, 'dob', TEXTS.dobRequired);
    await expectField({ dob: { year: 1990, month: 2, day: 30 } }, 'dob', TEXTS.dobInvalid);
    await expectField({ acceptTerms: false }, 'acceptTerms', TEXTS.termsRequired);
  });

  it('refuses the under-age by the server clock: 18 tomorrow is too young, 18 today is fine', async () => {
    const today = clock.now(); // 2026-01-15
    const y = today.getUTCFullYear() - 18;
    await expectField(
      { dob: { year: y, month: 1, day: 16 } },
      'dob',
      'You have to be at least 18 years old to register',
    );
    const ok = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({ dob: { year: y, month: 1, day: 15 } }),
    );
    expect(ok.status).toBe(200);
  });

  it('reports every failing field at once, the first as the message', async () => {
    const res = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({ username: 'a!', email: 'x', password: 'short', confirmPassword: 'other' }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['confirmPassword', 'email', 'password', 'username']);
    expect(res.body.error.message).toBe(res.body.error.fields.username);
  });

  it('creates the account, signs in at once with a session cookie, and answers Me', async () => {
    const client = new TestClient(server.baseUrl);
    const name = uniqueName('Ann');
    const body = registration({ username: `  ${name}  `, email: ` ${name}@Example.com ` });
    const res = await client.post('/api/auth/register', body);
    expect(res.status).toBe(200);
    const me = res.body.user;
    expect(me).toMatchObject({
      username: name,
      email: `${name}@Example.com`,
      emailVerified: false,
      role: 'user',
      banned: false,
      closed: false,
      avatarUrl: null,
      balances: { usd: 0, wbx: 0 },
      pendingFriendInvites: 0,
      usernameColor: 'username_color_000001',
      settings: { showDollar: true, showWbx: true, hideLichessUsername: false },
    });
    expect(me.uid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/); // APP_URL is http in tests
    const session = await client.get('/api/session');
    expect(session.body.user.uid).toBe(me.uid);
    expect(session.body.user.sessionId).toBe(me.sessionId);
    const row = await userRow(server, me.uid);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.dateOfBirth).toBe('1990-05-17');
  });

  it('refuses a taken username whatever its case, and a taken email whatever its case', async () => {
    const first = await registerUser(server, { username: uniqueName('Al') });
    await expectField({ username: first.username.toUpperCase() }, 'username', 'Username exists');
    await expectField({ email: first.email.toUpperCase() }, 'email', TEXTS.emailTaken);
  });

  it('two simultaneous registrations of one name make one user and one "Username exists"', async () => {
    const username = uniqueName('Race');
    const before = await countUsers(server);
    const results = await Promise.all(
      [0, 1, 2].map((i) =>
        new TestClient(server.baseUrl).post(
          '/api/auth/register',
          registration({ username, email: `${username}${i}@race.test` }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body.error).toEqual({
        code: 'VALIDATION',
        message: 'Username exists',
        fields: { username: 'Username exists' },
      });
    }
    expect(await countUsers(server)).toBe(before + 1);
  });

  it('mails a verification link that verifies once, then lands on /?emailVerified=0', async () => {
    const u = await registerUser(server);
    const link = server.mailer.link(u.email);
    expect(link.startsWith(`${server.baseUrl}/api/auth/verify-email?token=`)).toBe(true);
    const visitor = new TestClient(server.baseUrl); // the mail may be opened anywhere
    const first = await visitor.get(link.slice(server.baseUrl.length));
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/?emailVerified=1');
    expect((await u.client.get('/api/session')).body.user.emailVerified).toBe(true);
    const again = await visitor.get(link.slice(server.baseUrl.length));
    expect(again.headers.get('location')).toBe('/?emailVerified=0');
    const garbage = await visitor.get('/api/auth/verify-email?token=nope');
    expect(garbage.headers.get('location')).toBe('/?emailVerified=0');
    const missing = await visitor.get('/api/auth/verify-email');
    expect(missing.headers.get('location')).toBe('/?emailVerified=0');
  });

  it('resend-verification answers the SPEC text, mails at most once a minute, and POST verify-email works', async () => {
    const u = await registerUser(server);
    const mailsBefore = server.mailer.sent.length;
    const soon = await u.client.post('/api/auth/resend-verification');
    expect(soon.status).toBe(200);
    expect(soon.body).toEqual({ message: 'Please check your email, including spam folder' });
    expect(server.mailer.sent.length).toBe(mailsBefore); // the registration mail is < 1 min old
    clock.advance(61_000);
    await u.client.post('/api/auth/resend-verification');
    expect(server.mailer.sent.length).toBe(mailsBefore + 1);
    const token = new URL(server.mailer.link(u.email)).searchParams.get('token')!;
    const bad = await u.client.post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(TEXTS.resetLinkInvalid);
    const ok = await u.client.post('/api/auth/verify-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(TEXTS.emailVerified);
    expect((await u.client.get('/api/session')).body.user.emailVerified).toBe(true);
  });

  it('a verification link expires after 24 hours', async () => {
    const u = await registerUser(server);
    const link = server.mailer.link(u.email);
    clock.advance(24 * 3600_000 + 1000);
    const res = await new TestClient(server.baseUrl).get(link.slice(server.baseUrl.length));
    expect(res.headers.get('location')).toBe('/?emailVerified=0');
  });

  it('resend-verification needs a session', async () => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/resend-verification');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('gives the admin role to ADMIN_EMAILS (any case) at registration, and at login when added later', async () => {
    const boss = await registerUser(server, { email: 'boss@example.COM' });
    expect((await boss.client.get('/api/session')).body.user.role).toBe('admin');
    const plain = await registerUser(server);
    expect((await plain.client.get('/api/session')).body.user.role).toBe('user');
    // An account made before its address was listed is promoted at its next login.
    const later = await registerUser(server, { email: 'other@x.test' });
    await setUserColumns(server, later.uid, { role: 'user' });
    const { res } = await login(server, later.username, PASSWORD);
    expect(res.body.user.role).toBe('admin');
  });

  it('the app config names the product, support address and protocol, with Google and captcha off', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/app/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      productName: 'RushChess',
      supportEmail: server.config.supportEmail,
      googleEnabled: false,
      captchaSiteKey: null,
      protocolVersion: 1,
    });
  });
});

describe.each(DB_KINDS)('registration with a captcha (%s)', (kind) => {
  let server: TestServer;
  let provider: http.Server;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // A stand-in for the provider's siteverify endpoint: only "good-token" with our secret passes.
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const ok = form.get('secret') === 'shh' && form.get('response') === 'good-token';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const port = (provider.address() as { port: number }).port;
    server = await startTestServer({
      kind,
      env: {
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'shh',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => provider.close(r));
  });

  it('publishes the site key and refuses a missing or wrong token, accepting a good one', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/app/config')).body.captchaSiteKey).toBe('site-key');
    const before = await countUsers(server);
    const none = await client.post('/api/auth/register', registration());
    expect(none.status).toBe(400);
    expect(none.body.error.fields.captchaToken).toBe(TEXTS.captchaFailed);
    const wrong = await client.post('/api/auth/register', registration({ captchaToken: 'bad-token' }));
    expect(wrong.status).toBe(400);
    expect(await countUsers(server)).toBe(before);
    const good = await client.post('/api/auth/register', registration({ captchaToken: 'good-token' }));
    expect(good.status).toBe(200);
    expect(seen.at(-1)!.get('remoteip')).toBe('127.0.0.1');
  });

  it('also guards forgot-password (it sends mail)', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.post('/api/auth/forgot-password', { email: 'a@b.cd' })).status).toBe(400);
    const ok = await client.post('/api/auth/forgot-password', { email: 'a@b.cd', captchaToken: 'good-token' });
    expect(ok.status).toBe(200);
  });
});
