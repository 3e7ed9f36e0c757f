import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { countSessions, login, PASSWORD, registerUser, setUserColumns, uniqueName } from './support.ts';

let ipSeq = 0;
/** Each test gets its own client addresses, so the per-IP counters of one test never touch another. */
const freshIp = () => `10.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}.${Math.floor(Math.random() * 250)}`;

describe.each(POSTGRES_TOO)('login (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    // TRUST_PROXY lets the tests speak from many addresses through X-Forwarded-For.
    server = await startTestServer({
      http: 'inject',
      kind,
      clock: 'manual',
      env: { ...UNLIMITED_FOR_TESTS, TRUST_PROXY: 'true', SUPPORT_EMAIL: 'help@rush.test' },
    });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const from = (ip: string) => new TestClient(server.baseUrl, { ip });
  const attempt = (ip: string, identifier: string, password: string) =>
    from(ip).post('/api/auth/login', { identifier, password });

  itOnPglite('signs in by username in any case, by email in any case, and trims the identifier', async () => {
    const u = await registerUser(server, { username: uniqueName('Mix') });
    for (const identifier of [
      u.username,
      u.username.toLowerCase(),
      u.email.toUpperCase(),
      `  ${u.username}\t`,
      ` ${u.email} `,
    ]) {
      const { res, client } = await login(server, identifier, PASSWORD);
      expect(res.status, identifier).toBe(200);
      expect(res.body.user.uid).toBe(u.uid);
      expect((await client.get('/api/session')).body.user.uid).toBe(u.uid);
    }
  });

  itOnPglite('refuses an empty identifier with 400', async () => {
    const res = await from(freshIp()).post('/api/auth/login', { identifier: '   ', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields.identifier).toBe(TEXTS.identifierRequired);
  });

  itOnPglite('gives one 401 text for a wrong password and for an unknown account', async () => {
    const u = await registerUser(server);
    const wrong = await attempt(freshIp(), u.username, 'Wrong#123');
    const unknownName = await attempt(freshIp(), uniqueName('nobody'), PASSWORD);
    const unknownEmail = await attempt(freshIp(), 'nobody@nowhere.test', PASSWORD);
    for (const res of [wrong, unknownName, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: TEXTS.invalidCredentials });
    }
  });

  itOnPglite(
    'refuses a login-disabled account with the SPEC text naming the support address, only with the right password',
    async () => {
      const u = await registerUser(server);
      await setUserColumns(server, u.uid, { loginDisabled: true });
      expect((await u.client.get('/api/session')).body.user).toBeNull(); // its live session dies too
      const res = await attempt(freshIp(), u.username, PASSWORD);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ACCOUNT_DISABLED');
      expect(res.body.error.message).toBe(
        'Your account has been banned for Terms violation. If you believe this is in error, please contact help@rush.test',
      );
      expect((await attempt(freshIp(), u.username, 'Wrong#123')).status).toBe(401);
    },
  );

  itOnPglite('lets an in-app banned user sign in (restricted elsewhere)', async () => {
    const u = await registerUser(server);
    await setUserColumns(server, u.uid, { banned: true });
    const res = await attempt(freshIp(), u.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.banned).toBe(true);
  });

  itOnPglite('signs a closed account in, closed, so its pages show the permanent overlay', async () => {
    const u = await registerUser(server);
    await setUserColumns(server, u.uid, { closed: true });
    const res = await attempt(freshIp(), u.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.closed).toBe(true);
  });

  const waitText = (wait: string) => ({ code: 'TOO_MANY_ATTEMPTS', message: TEXTS.tooManyAttemptsWait(wait) });

  itOnPglite(
    'after 5 failures from one address, the next attempt (even the right one) waits 30 s, then the waits double',
    async () => {
      const u = await registerUser(server);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await attempt(ip, u.username, 'Wrong#123')).status).toBe(401);
      const waiting = await attempt(ip, u.username, PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.body.error).toEqual(waitText('30 seconds'));
      expect(waiting.headers.get('retry-after')).toBe('30');
      // The same account from another address is still fine (its own counter is fresh)...
      expect((await attempt(freshIp(), u.email, PASSWORD)).status).toBe(200);
      // ...and the wait ends: one more guess is evaluated, after which the wait is twice as long.
      clock.advance(30_000);
      expect((await attempt(ip, u.username, 'Wrong#123')).status).toBe(401);
      expect((await attempt(ip, u.username, PASSWORD)).body.error).toEqual(waitText('1 minute'));
      clock.advance(60_000);
      expect((await attempt(ip, u.username, PASSWORD)).status).toBe(200);
    },
  );

  itOnPglite('a success clears the account+address counter', async () => {
    const u = await registerUser(server);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await attempt(ip, u.username, 'Wrong#123');
    expect((await attempt(ip, u.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(ip, u.username, 'Wrong#123')).status).toBe(401);
    expect((await attempt(ip, u.username, PASSWORD)).status).toBe(200);
  });

  itOnPglite(
    '20 failures on one account from anywhere slow it by seconds, never lock it out (waits stop at 30 s)',
    async () => {
      const u = await registerUser(server);
      for (let i = 0; i < 20; i++) expect((await attempt(freshIp(), u.username, 'Wrong#123')).status).toBe(401);
      expect((await attempt(freshIp(), u.username, PASSWORD)).body.error).toEqual(waitText('1 second'));
      // A botnet keeps guessing: every evaluated guess doubles the wait, up to 30 seconds.
      for (let i = 0; i < 8; i++) {
        clock.advance(30_000);
        expect((await attempt(freshIp(), u.username, 'Wrong#123')).status).toBe(401);
      }
      expect((await attempt(freshIp(), u.username, PASSWORD)).body.error).toEqual(waitText('30 seconds'));
      clock.advance(30_000);
      expect((await attempt(freshIp(), u.username, PASSWORD)).status).toBe(200);
    },
  );

  itOnPglite('slows one address after 50 failures across accounts (credential stuffing)', async () => {
    const victim = await registerUser(server);
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      expect((await attempt(ip, `${uniqueName('g')}@stuffing.test`, 'Wrong#123')).status).toBe(401);
    }
    expect((await attempt(ip, victim.username, PASSWORD)).status).toBe(429);
    expect((await attempt(freshIp(), victim.username, PASSWORD)).status).toBe(200);
  });

  itOnPglite('throttles unknown accounts the same way (no tell-tale difference)', async () => {
    const ip = freshIp();
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 5; i++) expect((await attempt(ip, ghost, 'Wrong#123')).status).toBe(401);
    expect((await attempt(ip, ghost, 'Wrong#123')).body.error).toEqual(waitText('30 seconds'));
  });

  it('50 parallel attempts from one address: at most 5 are evaluated, the rest wait (the right password among them too)', async () => {
    const u = await registerUser(server);
    const ip = freshIp();
    const passwords = Array.from({ length: 50 }, (_, i) => (i === 25 ? PASSWORD : `Wrong#${i}`));
    const answers = await Promise.all(passwords.map((pw) => attempt(ip, u.username, pw)));
    const evaluated = answers.filter((r) => r.status === 401 || r.status === 200);
    const waiting = answers.filter((r) => r.status === 429);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length + waiting.length).toBe(50);
    for (const r of waiting) expect(r.body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('50 parallel attempts from 50 addresses: at most 20 are evaluated against one account', async () => {
    const u = await registerUser(server);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(freshIp(), u.username, `Wrong#${i}`)),
    );
    const evaluated = answers.filter((r) => r.status === 401);
    expect(evaluated.length).toBeLessThanOrEqual(20);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 429).length).toBe(50 - evaluated.length);
  });

  itOnPglite('rotates the session at every login and discards the previous one of the browser', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const client = a.client;
    const sidA = client.cookies.get('sid');
    const relog = await client.post('/api/auth/login', { identifier: a.username, password: PASSWORD });
    expect(relog.status).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(sidA);
    // Signing in as someone else in the same browser ends the first user's session there.
    const asB = await client.post('/api/auth/login', { identifier: b.username, password: PASSWORD });
    expect(asB.body.user.uid).toBe(b.uid);
    expect(await countSessions(server, a.uid)).toBe(0);
    expect(await countSessions(server, b.uid)).toBe(1);
  });

  itOnPglite('CSRF: a change without the x-csrf-token header or from another Origin is refused with 403', async () => {
    const u = await registerUser(server);
    const client = new TestClient(server.baseUrl);
    await client.get('/api/session');
    const noHeader = await client.request(
      'POST',
      '/api/auth/login',
      { identifier: u.username, password: PASSWORD },
      { csrf: false },
    );
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.error.code).toBe('CSRF');
    const foreign = await client.request(
      'POST',
      '/api/auth/login',
      { identifier: u.username, password: PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('CSRF');
    expect(client.cookies.has('sid')).toBe(false);
    // A settings change is guarded the same way.
    const rename = await u.client.request('PATCH', '/api/account/username', { username: 'Hijack' }, { csrf: false });
    expect(rename.status).toBe(403);
  });
});
