import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { LOGIN_POLICIES } from '../../src/modules/accounts/throttle.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { countSessions, registerUser, registration, setUserColumns, uniqueName, userRow } from './support.ts';

/**
 * Issue 36: the mailed link finishes a sign-up by signing its owner in, wherever it is opened;
 * once, within the hour, for that account only. The sign-up answer stays the same for a taken
 * address, and the panel's Resend and "Change it" are the form sent again.
 */
describe.each(DB_KINDS)('sign-up link (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual', env: UNLIMITED_FOR_TESTS });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const path = (link: string) => link.slice(server.baseUrl.length);
  const signUp = async (overrides: Parameters<typeof registration>[0] = {}) => {
    const body = registration(overrides);
    const res = await new TestClient(server.baseUrl).post('/api/auth/register', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return body;
  };
  const open = async (link: string, client = new TestClient(server.baseUrl)) => {
    const res = await client.get(path(link));
    const sid = res.headers.getSetCookie().some((c) => c.startsWith('sid='));
    return { client, location: res.headers.get('location'), sid, me: (await client.get('/api/session')).body.user };
  };

  it('opened in another browser, the link verifies and signs that browser in, with no login', async () => {
    const body = await signUp();
    const opened = await open(server.mailer.link(body.email));
    expect(opened.location).toBe('/?emailVerified=1');
    expect(opened.sid).toBe(true);
    expect(opened.me).toMatchObject({ username: body.username, email: body.email, emailVerified: true });
  });

  it('works once: a second opening neither verifies again nor signs in, and older links die with it', async () => {
    const body = await signUp();
    const first = server.mailer.link(body.email);
    clock.advance(61_000);
    await signUp(body); // the panel's Resend: a second link
    const second = server.mailer.link(body.email);
    expect(second).not.toBe(first);
    expect((await open(second)).location).toBe('/?emailVerified=1');
    for (const link of [second, first]) {
      const again = await open(link);
      expect(again.location).toBe('/?emailVerified=0');
      expect(again.sid).toBe(false);
      expect(again.me).toBeNull();
    }
  });

  it('lives an hour: past it, the link neither verifies nor signs in', async () => {
    const body = await signUp();
    const link = server.mailer.link(body.email);
    clock.advance(3600_000 + 1000);
    const late = await open(link);
    expect(late).toMatchObject({ location: '/?emailVerified=0', sid: false, me: null });
    const other = await signUp();
    const fresh = server.mailer.link(other.email);
    clock.advance(3600_000 - 1000);
    expect((await open(fresh)).location).toBe('/?emailVerified=1');
  });

  it('signs in like login: the single session moves to the link, and a banned account is not signed in', async () => {
    const u = await registerUser(server); // signed in by password meanwhile
    const opened = await open(server.mailer.link(u.email));
    expect(opened.me.uid).toBe(u.uid);
    expect((await u.client.get('/api/session')).body.user).toBeNull();
    expect(await countSessions(server, u.uid)).toBe(1);

    // Opened where that account is already signed in, the session stays: no new cookie.
    const here = await registerUser(server);
    const session = (await here.client.get('/api/session')).body.user.sessionId;
    const kept = await open(server.mailer.link(here.email), here.client);
    expect(kept).toMatchObject({ location: '/?emailVerified=1', sid: false });
    expect(kept.me).toMatchObject({ uid: here.uid, emailVerified: true, sessionId: session });

    const banned = await registerUser(server);
    await setUserColumns(server, banned.uid, { loginDisabled: true });
    const before = await countSessions(server, banned.uid);
    const refused = await open(server.mailer.link(banned.email));
    expect(refused).toMatchObject({ location: '/?emailVerified=1', sid: false, me: null });
    expect((await userRow(server, banned.uid))!.emailVerified).toBe(true);
    expect(await countSessions(server, banned.uid)).toBe(before);
  });

  it('answers a taken address byte for byte like a new one', async () => {
    const owner = await registerUser(server);
    const send = async (email: string) => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/register', registration({ email }));
      return {
        status: res.status,
        body: JSON.stringify(res.body),
        type: res.headers.get('content-type'),
        length: res.headers.get('content-length'),
        cookies: res.headers.getSetCookie().map((c) => c.split('=')[0]),
      };
    };
    const fresh = await send(`${uniqueName('new')}@fresh.test`);
    expect(await send(owner.email)).toEqual(fresh);
    expect(fresh.body).toBe(JSON.stringify({ message: TEXTS.registrationCheckEmail }));
  });

  it('Resend is the form sent again: a new link after the minute, nothing sooner, the same answer', async () => {
    const body = await signUp();
    const mails = () => server.mailer.sent.filter((m) => m.to === body.email).length;
    expect(mails()).toBe(1);
    clock.advance(20_000);
    await signUp(body);
    expect(mails()).toBe(1);
    clock.advance(41_000);
    await signUp(body);
    expect(mails()).toBe(2);
  });

  it('"Change it": the same username and password move a never-verified account to the corrected address', async () => {
    const body = await signUp({ email: `${uniqueName('typo')}@exmaple.com` });
    const typoLink = server.mailer.link(body.email);
    const corrected = `${uniqueName('right')}@example.com`;
    await signUp({ ...body, email: corrected });
    expect((await open(typoLink)).location).toBe('/?emailVerified=0');
    const opened = await open(server.mailer.link(corrected));
    expect(opened.me).toMatchObject({ username: body.username, email: corrected, emailVerified: true });
  });

  it('without the password, or once verified, a taken username is still "Username exists"', async () => {
    const body = await signUp();
    const wrong = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({
        ...body,
        email: `${uniqueName('x')}@example.com`,
        password: 'Other$456',
        confirmPassword: 'Other$456',
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ username: TEXTS.usernameExists });
    await open(server.mailer.link(body.email));
    const verified = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({ ...body, email: `${uniqueName('y')}@example.com` }),
    );
    expect(verified.status).toBe(400);
    expect(verified.body.error.fields).toEqual({ username: TEXTS.usernameExists });
  });

  it('password guesses through sign-up count against the login throttle before the hash is checked', async () => {
    const body = await signUp();
    const guesser = new TestClient(server.baseUrl, { ip: '203.0.113.77' });
    const guess = () =>
      guesser.post(
        '/api/auth/register',
        registration({ ...body, password: 'Guess$1234', confirmPassword: 'Guess$1234' }),
      );
    for (let i = 0; i < LOGIN_POLICIES.accountIp.freeAttempts; i++) expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(429);
    // The same keys as login's: the right password from that address waits too.
    const login = await guesser.post('/api/auth/login', { identifier: body.username, password: body.password });
    expect(login.status).toBe(429);
  });

  it('a correction to an address someone else owns moves nothing and tells that owner, with the same answer', async () => {
    const owner = await registerUser(server);
    const body = await signUp();
    const res = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      registration({ ...body, email: owner.email }),
    );
    expect(res.body).toEqual({ message: TEXTS.registrationCheckEmail });
    expect(server.mailer.last(owner.email)!.subject).toBe('Someone tried to sign up to RushChess with your email');
    const opened = await open(server.mailer.link(body.email));
    expect(opened.me).toMatchObject({ username: body.username, email: body.email });
  });
});
