import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { login, OTHER_PASSWORD, PASSWORD, registerUser, type Registered } from './support.ts';

/** Issue 10: a session alone must not be able to redirect password resets to another mailbox. */
describe.each(POSTGRES_TOO)('recovery email (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual', env: UNLIMITED_FOR_TESTS });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const setRecovery = (u: Registered, email: string, currentPassword = PASSWORD) =>
    u.client.put('/api/account/recovery-email', { email, currentPassword });
  const forgot = (email: string) => new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
  const visit = (link: string) => new TestClient(server.baseUrl).get(link.slice(server.baseUrl.length));
  const mailsTo = (address: string) => server.mailer.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  const backupOf = (u: Registered) => `rescue-${u.username.toLowerCase()}@backup.test`;

  itOnPglite('needs the right current password; a wrong or missing one changes nothing and mails nobody', async () => {
    const u = await registerUser(server);
    const backup = backupOf(u);
    const missing = await u.client.put('/api/account/recovery-email', { email: backup });
    expect(missing.status).toBe(400);
    const wrong = await setRecovery(u, backup, 'Wrong#123');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: TEXTS.currentPasswordWrong });
    const both = await setRecovery(u, 'nope', 'Wrong#123');
    expect(both.body.error.fields).toEqual({ currentPassword: TEXTS.currentPasswordWrong, email: TEXTS.emailInvalid });
    const invalid = await setRecovery(u, 'nope');
    expect(invalid.body.error.fields).toEqual({ email: TEXTS.emailInvalid });
    const me = (await u.client.get('/api/session')).body.user;
    expect(me).toMatchObject({ recoveryEmail: null, pendingRecoveryEmail: null });
    expect(mailsTo(backup)).toHaveLength(0);
  });

  itOnPglite('a new address is pending until its link is opened; the account address is told at once', async () => {
    const u = await registerUser(server);
    const backup = backupOf(u);
    const ok = await setRecovery(u, ` ${backup} `);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ recoveryEmail: null, pendingRecoveryEmail: backup });
    const notice = server.mailer.last(u.email)!;
    expect(notice.subject).toBe('Your RushChess recovery email is being changed');
    expect(notice.text).toContain(backup);
    expect(notice.text).toContain(`${server.baseUrl}/forgot-password`);

    // Pending: forgot-password does not mail it (same answer as ever).
    const link = server.mailer.link(backup);
    const mailsBefore = mailsTo(backup).length;
    expect((await forgot(backup)).body).toEqual({ message: TEXTS.resetSuccess });
    expect(mailsTo(backup)).toHaveLength(mailsBefore);

    expect(link.startsWith(`${server.baseUrl}/api/account/recovery-email/verify?token=`)).toBe(true);
    const opened = await visit(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/?emailVerified=1');
    expect((await visit(link)).headers.get('location')).toBe('/?emailVerified=0');
    const garbage = await new TestClient(server.baseUrl).get('/api/account/recovery-email/verify?token=nope');
    expect(garbage.headers.get('location')).toBe('/?emailVerified=0');
    expect((await u.client.get('/api/session')).body.user).toMatchObject({
      recoveryEmail: backup,
      pendingRecoveryEmail: null,
    });

    // Verified: now reset mail goes there, and its link works.
    clock.advance(61_000);
    await forgot(backup.toUpperCase());
    expect(mailsTo(backup)).toHaveLength(mailsBefore + 1);
    const token = new URL(server.mailer.link(backup)).searchParams.get('token')!;
    const reset = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token,
      password: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect((await login(server, u.email, OTHER_PASSWORD)).res.status).toBe(200);
  });

  itOnPglite('a newer request replaces the pending one; an expired link does nothing', async () => {
    const u = await registerUser(server);
    await setRecovery(u, 'first@backup.test');
    const firstLink = server.mailer.link('first@backup.test');
    const second = await setRecovery(u, 'second@backup.test');
    expect(second.body.pendingRecoveryEmail).toBe('second@backup.test');
    expect((await visit(firstLink)).headers.get('location')).toBe('/?emailVerified=0');
    clock.advance(24 * 3600_000 + 1000);
    expect((await visit(server.mailer.link('second@backup.test'))).headers.get('location')).toBe('/?emailVerified=0');
    expect((await u.client.get('/api/session')).body.user.recoveryEmail).toBeNull();
  });

  itOnPglite('changing the password cancels outstanding reset links and the pending recovery change', async () => {
    const u = await registerUser(server);
    await forgot(u.email);
    const resetToken = new URL(server.mailer.link(u.email)).searchParams.get('token')!;
    await setRecovery(u, backupOf(u));
    const recoveryLink = server.mailer.link(backupOf(u));
    const changed = await u.client.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const reset = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token: resetToken,
      password: 'Third#789',
      confirmPassword: 'Third#789',
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error.message).toBe(TEXTS.resetLinkInvalid);
    expect((await visit(recoveryLink)).headers.get('location')).toBe('/?emailVerified=0');
    expect((await u.client.get('/api/session')).body.user).toMatchObject({
      recoveryEmail: null,
      pendingRecoveryEmail: null,
    });
    expect((await login(server, u.username, OTHER_PASSWORD)).res.status).toBe(200);
  });

  it('50 parallel current-password guesses: at most 5 are evaluated, the rest wait', async () => {
    const u = await registerUser(server);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => setRecovery(u, backupOf(u), i === 30 ? PASSWORD : `Wrong#${i}`)),
    );
    const evaluated = answers.filter((r) => r.status === 400 || r.status === 200);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(evaluated.length).toBeGreaterThan(0);
    const waiting = answers.filter((r) => r.status === 429);
    expect(waiting.length).toBe(50 - evaluated.length);
    for (const r of waiting) expect(r.body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  itOnPglite('password change and recovery change share one current-password allowance', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 3; i++) expect((await setRecovery(u, backupOf(u), `Wrong#${i}`)).status).toBe(400);
    const change = (currentPassword: string) =>
      u.client.post('/api/account/password', {
        currentPassword,
        newPassword: OTHER_PASSWORD,
        confirmPassword: OTHER_PASSWORD,
      });
    expect((await change('Wrong#7')).status).toBe(400);
    expect((await change('Wrong#8')).status).toBe(400);
    const waiting = await change(PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.message).toBe(TEXTS.tooManyAttemptsWait('30 seconds'));
    clock.advance(30_000);
    expect((await change(PASSWORD)).status).toBe(200);
  });
});
