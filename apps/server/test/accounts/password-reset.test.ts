import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { countSessions, login, OTHER_PASSWORD, PASSWORD, registerUser, setUserColumns, userRow } from './support.ts';

const RESET_SUCCESS = 'Password reset successful, please check your email, including Spam folder';

describe.each(POSTGRES_TOO)('forgot and reset password (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, http: 'inject', clock: 'manual', env: UNLIMITED_FOR_TESTS });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const forgot = (email: string) => new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const reset = (token: string, password: string, confirmPassword = password) =>
    new TestClient(server.baseUrl).post('/api/auth/reset-password', { token, password, confirmPassword });

  itOnPglite('answers the same SPEC text for a known and an unknown address, mailing only the known one', async () => {
    const u = await registerUser(server);
    const mails = server.mailer.sent.length;
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: RESET_SUCCESS });
    expect(server.mailer.sent.length).toBe(mails);
    const known = await forgot(u.email.toUpperCase());
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(server.mailer.sent.length).toBe(mails + 1);
    expect(server.mailer.link(u.email).startsWith(`${server.baseUrl}/forgot-password?token=`)).toBe(true);
  });

  itOnPglite('refuses a malformed address with 400 (that tells nothing about accounts)', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBe(TEXTS.emailInvalid);
  });

  itOnPglite('resets the password once: old fails, new works, every session ends, the link dies', async () => {
    const u = await registerUser(server);
    const socketless = u.client;
    await forgot(u.email);
    const token = tokenOf(server.mailer.link(u.email));

    // A password the rules refuse does not burn the link.
    const weak = await reset(token, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toBe(TEXTS.passwordSymbol);
    const mismatch = await reset(token, OTHER_PASSWORD, 'Different#1');
    expect(mismatch.body.error.fields.confirmPassword).toBe(TEXTS.confirmMismatch);

    const ok = await reset(token, OTHER_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: TEXTS.passwordChanged });
    expect((await socketless.get('/api/session')).body.user).toBeNull();
    expect(await countSessions(server, u.uid)).toBe(0);

    expect((await login(server, u.username, PASSWORD)).res.status).toBe(401);
    expect((await login(server, u.username, OTHER_PASSWORD)).res.status).toBe(200);

    const reused = await reset(token, 'Third#789');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 'VALIDATION', message: TEXTS.resetLinkInvalid });
    // The mailbox was proven along the way.
    expect((await userRow(server, u.uid))!.emailVerified).toBe(true);
  });

  it('two concurrent uses of one link: exactly one wins', async () => {
    const u = await registerUser(server);
    await forgot(u.email);
    const token = tokenOf(server.mailer.link(u.email));
    const results = await Promise.all([reset(token, 'First#111'), reset(token, 'Second#222')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  itOnPglite('a reset link expires after one hour', async () => {
    const u = await registerUser(server);
    await forgot(u.email);
    const token = tokenOf(server.mailer.link(u.email));
    clock.advance(60 * 60_000 + 1_000);
    const res = await reset(token, OTHER_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TEXTS.resetLinkInvalid);
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(200);
  });

  itOnPglite('refuses garbage tokens', async () => {
    for (const token of ['', 'x', 'A'.repeat(43), 'é'.repeat(100)]) {
      const res = await reset(token, OTHER_PASSWORD);
      expect(res.status).toBe(400);
    }
  });

  itOnPglite('mails at most once a minute per account, and a newer reset kills the older link', async () => {
    const u = await registerUser(server);
    await forgot(u.email);
    const first = tokenOf(server.mailer.link(u.email));
    const count = server.mailer.sent.length;
    await forgot(u.email);
    expect(server.mailer.sent.length).toBe(count);
    clock.advance(61_000);
    await forgot(u.email);
    const second = tokenOf(server.mailer.link(u.email));
    expect(second).not.toBe(first);
    expect((await reset(second, OTHER_PASSWORD)).status).toBe(200);
    expect((await reset(first, 'Third#789')).status).toBe(400);
  });

  itOnPglite('accepts the verified recovery email and mails the link there', async () => {
    const u = await registerUser(server);
    const recovery = `rescue-${u.username.toLowerCase()}@backup.test`;
    const set = await u.client.put('/api/account/recovery-email', { email: recovery, currentPassword: PASSWORD });
    expect(set.status).toBe(200);
    const verify = server.mailer.link(recovery);
    expect((await new TestClient(server.baseUrl).get(verify.slice(server.baseUrl.length))).status).toBe(302);
    await forgot(recovery.toUpperCase());
    const token = tokenOf(server.mailer.link(recovery));
    expect((await reset(token, OTHER_PASSWORD)).status).toBe(200);
    expect((await login(server, u.email, OTHER_PASSWORD)).res.status).toBe(200);
  });

  itOnPglite('sends nothing for a closed or disabled account (same answer)', async () => {
    const u = await registerUser(server);
    await setUserColumns(server, u.uid, { closed: true });
    const count = server.mailer.sent.length;
    const res = await forgot(u.email);
    expect(res.body).toEqual({ message: RESET_SUCCESS });
    expect(server.mailer.sent.length).toBe(count);
  });

  itOnPglite('a reset lifts the account-wide login lock', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 20; i++) {
      await new TestClient(server.baseUrl).request(
        'POST',
        '/api/auth/login',
        { identifier: u.username, password: 'Wrong#123' },
        { headers: { 'x-forwarded-for': `10.9.9.${i}` } },
      );
    }
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(429);
    await forgot(u.email);
    expect((await reset(tokenOf(server.mailer.link(u.email)), OTHER_PASSWORD)).status).toBe(200);
    expect((await login(server, u.username, OTHER_PASSWORD)).res.status).toBe(200);
  });
});
