import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { countUsers, login, PASSWORD, registerUser, registration, uniqueName, userRow } from './support.ts';

describe.each(POSTGRES_TOO)('registration (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({
      http: 'inject',
      kind,
      clock: 'manual',
      env: { ...UNLIMITED_FOR_TESTS, ADMIN_EMAILS: 'Boss@Example.com, other@x.test' },
    });
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

  itOnPglite('answers each SPEC 5 rule with its exact text, per field', async () => {
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

  itOnPglite('refuses the under-age by the server clock: 18 tomorrow is too young, 18 today is fine', async () => {
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

  itOnPglite('reports every failing field at once, the first as the message', async () => {
    const res = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({ username: 'a!', email: 'x', password: 'short', confirmPassword: 'other' }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['confirmPassword', 'email', 'password', 'username']);
    expect(res.body.error.message).toBe(res.body.error.fields.username);
  });

  itOnPglite('creates the account unverified and signs nobody in: the answer asks to check the mail', async () => {
    const client = new TestClient(server.baseUrl);
    const name = uniqueName('Ann');
    const body = registration({ username: `  ${name}  `, email: ` ${name}@Example.com ` });
    const res = await client.post('/api/auth/register', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.registrationCheckEmail });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    expect((await client.get('/api/session')).body.user).toBeNull();
    const { res: signed } = await login(server, name, PASSWORD);
    const me = signed.body.user;
    expect(me).toMatchObject({
      username: name,
      email: `${name}@Example.com`,
      emailVerified: false,
      role: 'user',
      banned: false,
      closed: false,
      avatarUrl: null,
      recoveryEmail: null,
      pendingRecoveryEmail: null,
      balances: { usd: 0, wbx: 0 },
      pendingFriendInvites: 0,
      usernameColor: 'username_color_000001',
      settings: {
        showDollar: true,
        showWbx: true,
        hideLichessUsername: false,
        soundMuted: false,
        realityCheckMinutes: 60,
      },
    });
    expect(me.uid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await userRow(server, me.uid);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.dateOfBirth).toBe('1990-05-17');
  });

  itOnPglite(
    'the link mailed to a fresh sign-up verifies it and signs that browser in with a session cookie',
    async () => {
      const client = new TestClient(server.baseUrl);
      const body = registration();
      await client.post('/api/auth/register', body);
      const link = server.mailer.link(body.email);
      const res = await client.get(link.slice(server.baseUrl.length));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/?emailVerified=1');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Max-Age=604800/); // the 7-day sliding lifetime
      expect(cookie).not.toMatch(/Secure/); // APP_URL is http in tests
      const session = await client.get('/api/session');
      expect(session.body.user).toMatchObject({ username: body.username, emailVerified: true });
    },
  );

  itOnPglite('refuses a taken username whatever its case', async () => {
    const first = await registerUser(server, { username: uniqueName('Al') });
    // Another password: with the owner's own, an unverified account's form sent again is a resend (issue 36).
    const other = { password: 'Other$456', confirmPassword: 'Other$456' };
    await expectField({ username: first.username.toUpperCase(), ...other }, 'username', 'Username exists');
  });

  itOnPglite(
    'answers a taken email (any case) exactly like a new one, makes nothing, signs nobody in, and mails the owner',
    async () => {
      const owner = await registerUser(server, { username: uniqueName('Own') });
      const send = async (email: string) => {
        const client = new TestClient(server.baseUrl);
        const res = await client.post('/api/auth/register', registration({ email }));
        const cookies = res.headers.getSetCookie().map((c) => c.split('=')[0]);
        return { status: res.status, body: res.body, cookies, session: (await client.get('/api/session')).body };
      };
      const fresh = await send(`${uniqueName('new')}@fresh.test`);
      const before = await countUsers(server);
      const mailsBefore = server.mailer.sent.length;
      const taken = await send(owner.email.toUpperCase());
      expect(taken).toEqual(fresh);
      expect(taken.status).toBe(200);
      expect(taken.session).toEqual({ user: null });
      expect(await countUsers(server)).toBe(before);
      expect(server.mailer.sent.length).toBe(mailsBefore + 1);
      const notice = server.mailer.last(owner.email)!;
      expect(notice.subject).toBe('Someone tried to sign up to RushChess with your email');
      expect(server.mailer.link(owner.email)).toBe(`${server.baseUrl}/login`);
      expect(notice.text).toContain(`${server.baseUrl}/forgot-password`);
      // At most one such mail an hour: a stranger cannot mail-bomb the owner through sign-up.
      await send(owner.email);
      expect(server.mailer.sent.length).toBe(mailsBefore + 1);
      clock.advance(3600_000 + 1000);
      await send(owner.email);
      expect(server.mailer.sent.length).toBe(mailsBefore + 2);
    },
  );

  it('two simultaneous registrations of one name make one user and one "Username exists"', async () => {
    const username = uniqueName('Race');
    const before = await countUsers(server);
    const results = await Promise.all(
      [0, 1, 2].map((i) =>
        new TestClient(server.baseUrl).post(
          '/api/auth/register',
          // Three people (three passwords): one form sent three times would be resends (issue 36).
          registration({
            username,
            email: `${username}${i}@race.test`,
            password: `Secret#12${i}`,
            confirmPassword: `Secret#12${i}`,
          }),
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

  itOnPglite('mails a verification link that verifies once, then lands on /?emailVerified=0', async () => {
    const u = await registerUser(server);
    const link = server.mailer.link(u.email);
    expect(link.startsWith(`${server.baseUrl}/api/auth/verify-email?token=`)).toBe(true);
    const visitor = new TestClient(server.baseUrl); // the mail may be opened anywhere
    const first = await visitor.get(link.slice(server.baseUrl.length));
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/?emailVerified=1');
    // The link signs in where it is opened; the single session leaves the password login (issue 36).
    expect((await visitor.get('/api/session')).body.user).toMatchObject({ uid: u.uid, emailVerified: true });
    expect((await u.client.get('/api/session')).body.user).toBeNull();
    const again = await visitor.get(link.slice(server.baseUrl.length));
    expect(again.headers.get('location')).toBe('/?emailVerified=0');
    expect(again.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    const garbage = await visitor.get('/api/auth/verify-email?token=nope');
    expect(garbage.headers.get('location')).toBe('/?emailVerified=0');
    const missing = await visitor.get('/api/auth/verify-email');
    expect(missing.headers.get('location')).toBe('/?emailVerified=0');
  });

  itOnPglite(
    'resend-verification mails at most once a minute, says when the next may go, and POST verify-email works',
    async () => {
      const u = await registerUser(server);
      const mailsBefore = server.mailer.sent.length;
      // The registration mail is < 1 min old: nothing is sent, and the answer says so (issue 19).
      clock.advance(15_000);
      const soon = await u.client.post('/api/auth/resend-verification');
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toBe('45');
      expect(soon.body.error.message).toBe(TEXTS.verificationMailWait('45 seconds'));
      expect(server.mailer.sent.length).toBe(mailsBefore);
      clock.advance(46_000);
      const sent = await u.client.post('/api/auth/resend-verification');
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ message: 'Please check your email, including spam folder' });
      expect(server.mailer.sent.length).toBe(mailsBefore + 1);
      // A second click right after the resend: the same honest wait, no mail.
      const again = await u.client.post('/api/auth/resend-verification');
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('60');
      expect(server.mailer.sent.length).toBe(mailsBefore + 1);
      const token = new URL(server.mailer.link(u.email)).searchParams.get('token')!;
      const bad = await u.client.post('/api/auth/verify-email', { token: 'x'.repeat(43) });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(TEXTS.resetLinkInvalid);
      const ok = await u.client.post('/api/auth/verify-email', { token });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe(TEXTS.emailVerified);
      expect((await u.client.get('/api/session')).body.user.emailVerified).toBe(true);
    },
  );

  it('two Resend clicks at once after the minute send one mail; the other is told the wait', async () => {
    const u = await registerUser(server);
    const mailsBefore = server.mailer.sent.length;
    clock.advance(61_000);
    const answers = await Promise.all([
      u.client.post('/api/auth/resend-verification'),
      u.client.post('/api/auth/resend-verification'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(server.mailer.sent.length).toBe(mailsBefore + 1);
  });

  itOnPglite('a verification link expires after an hour (it signs in: issue 36)', async () => {
    const u = await registerUser(server);
    const link = server.mailer.link(u.email);
    clock.advance(3600_000 + 1000);
    const res = await new TestClient(server.baseUrl).get(link.slice(server.baseUrl.length));
    expect(res.headers.get('location')).toBe('/?emailVerified=0');
  });

  itOnPglite('resend-verification needs a session', async () => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/resend-verification');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  itOnPglite(
    'the app config names the product, support address, protocol and chess platform, with Google, Facebook and captcha off',
    async () => {
      const res = await new TestClient(server.baseUrl).get('/api/app/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        productName: 'RushChess',
        supportEmail: server.config.supportEmail,
        googleEnabled: false,
        facebookEnabled: false,
        captchaSiteKey: null,
        captchaScriptUrl: null,
        protocolVersion: 1,
        payments: 'sandbox',
        chessPlatform: 'builtin',
        communityUrl: null,
      });
    },
  );
});
