import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, validateUsername } from '@rush/domain';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { startFacebookEmulator, type FacebookEmulator, type FacebookPerson } from '../support/facebook-emulator.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countUsers, login, PASSWORD, registerUser, setUserColumns, userRow } from './support.ts';

/**
 * Drives the browser's side of the flow: our start route, Facebook's dialog (which logs the
 * configured person in at once), and our callback, each a real HTTP request; cookies stay in `client`.
 */
async function signInWithFacebook(client: TestClient): Promise<{ location: string; callback: URL }> {
  const start = await client.get(ACCOUNT_ROUTES.facebookStart);
  expect(start.status).toBe(302);
  const dialog = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(dialog.status).toBe(302);
  const callback = new URL(dialog.headers.get('location')!);
  expect(callback.origin).toBe(client.baseUrl);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { location: done.headers.get('location')!, callback };
}

const loginError = (location: string) => new URL(location, 'http://x').searchParams.get('error');

describe.each(DB_KINDS)('sign in with Facebook (%s)', (kind) => {
  let server: TestServer;
  let fb: FacebookEmulator;
  let n = 0;
  const person = (email?: string | null): FacebookPerson => {
    n++;
    return {
      id: `${Date.now()}${n}`,
      name: 'Fay Book',
      email: email === undefined ? `f${Date.now()}${n}@facebook.test` : email,
    };
  };

  beforeAll(async () => {
    fb = await startFacebookEmulator({ appId: '424242', appSecret: 'fb-secret' });
    server = await startTestServer({
      kind,
      env: {
        FACEBOOK_APP_ID: '424242',
        FACEBOOK_APP_SECRET: 'fb-secret',
        FACEBOOK_DIALOG_URL: fb.url,
        FACEBOOK_GRAPH_URL: fb.url,
        FACEBOOK_API_VERSION: 'v25.0',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fb?.close();
  });

  it('is announced in the app config (Google stays off)', async () => {
    const config = (await new TestClient(server.baseUrl).get('/api/app/config')).body;
    expect(config.facebookEnabled).toBe(true);
    expect(config.googleEnabled).toBe(false);
  });

  it("sends the browser to Facebook's login dialog with our app id, callback, state and the email scope", async () => {
    const client = new TestClient(server.baseUrl);
    const start = await client.get(ACCOUNT_ROUTES.facebookStart);
    const url = new URL(start.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(`${fb.url}/v25.0/dialog/oauth`);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe('424242');
    expect(p.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/facebook/callback`);
    expect(p.get('scope')).toBe('email');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The browser keeps the state too, only for the Facebook routes, script-proof.
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('fb_state='))!;
    expect(cookie).toContain(`fb_state=${p.get('state')}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/facebook/);
  });

  it('creates a verified account named PlayerNNNN that gives its date of birth before anything else', async () => {
    const who = person();
    fb.setPerson(who);
    const client = new TestClient(server.baseUrl);
    const users = await countUsers(server);
    expect((await signInWithFacebook(client)).location).toBe('/');
    const me = (await client.get('/api/session')).body.user;
    expect(me.username).toMatch(/^Player\d{1,4}$/);
    expect(validateUsername(me.username)).toBeNull();
    expect(me).toMatchObject({ email: who.email, emailVerified: true, needsDateOfBirth: true });
    expect(await countUsers(server)).toBe(users + 1);
    const row = (await userRow(server, me.uid))!;
    expect(row.facebookId).toBe(who.id);
    expect(row.googleSub).toBeNull();
    expect(row.passwordHash).toBeNull();
    // Every Graph call was made on the configured version, /me signed with appsecret_proof.
    expect(new Set(fb.log.versions)).toEqual(new Set(['v25.0']));

    // SPEC 5: a command is refused until the date of birth is given.
    expect(await client.patch(ACCOUNT_ROUTES.color, { color: 'username_color_000002' })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: TEXTS.dobFirst } },
    });
    const dob = await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: { year: 1990, month: 6, day: 15 } });
    expect(dob.status).toBe(200);
    expect(dob.body.needsDateOfBirth).toBe(false);
    expect((await userRow(server, me.uid))!.dateOfBirth).toBe('1990-06-15');
    expect((await client.patch(ACCOUNT_ROUTES.color, { color: 'username_color_000002' })).status).toBe(200);

    // The returning person is found by Facebook id, even after changing the address at Facebook.
    fb.setPerson({ ...who, email: `new-${who.email}` });
    const again = new TestClient(server.baseUrl);
    expect((await signInWithFacebook(again)).location).toBe('/');
    expect((await again.get('/api/session')).body.user).toMatchObject({ uid: me.uid, needsDateOfBirth: false });
    expect(await countUsers(server)).toBe(users + 1);
  });

  it('links an existing verified account by email and keeps its password', async () => {
    const u = await registerUser(server);
    await new TestClient(server.baseUrl).get(server.mailer.link(u.email).slice(server.baseUrl.length));
    const who = person(u.email.toUpperCase());
    fb.setPerson(who);
    const users = await countUsers(server);
    const client = new TestClient(server.baseUrl);
    expect((await signInWithFacebook(client)).location).toBe('/');
    expect((await client.get('/api/session')).body.user).toMatchObject({ uid: u.uid, needsDateOfBirth: false });
    expect((await userRow(server, u.uid))!.facebookId).toBe(who.id);
    expect(await countUsers(server)).toBe(users);
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(200);
  });

  it('linking an unverified account drops the password nobody proved (pre-registration squatting)', async () => {
    const squatter = await registerUser(server);
    fb.setPerson(person(squatter.email));
    const owner = new TestClient(server.baseUrl);
    await signInWithFacebook(owner);
    expect((await owner.get('/api/session')).body.user).toMatchObject({ uid: squatter.uid, emailVerified: true });
    expect((await squatter.client.get('/api/session')).body.user).toBeNull();
    expect((await login(server, squatter.username, PASSWORD)).res.status).toBe(401);
  });

  it('refuses an address already linked to another Facebook account, and a login-disabled account', async () => {
    const first = person();
    fb.setPerson(first);
    const client = new TestClient(server.baseUrl);
    await signInWithFacebook(client);
    const uid = (await client.get('/api/session')).body.user.uid;
    fb.setPerson({ ...person(), email: first.email });
    const other = await signInWithFacebook(new TestClient(server.baseUrl));
    expect(loginError(other.location)).toBe(TEXTS.facebookSignInFailed);
    expect((await userRow(server, uid))!.facebookId).toBe(first.id);

    await setUserColumns(server, uid, { loginDisabled: true });
    fb.setPerson(first);
    const barred = new TestClient(server.baseUrl);
    expect(loginError((await signInWithFacebook(barred)).location)).toBe(
      TEXTS.loginDisabled(server.config.supportEmail),
    );
    expect(barred.cookies.has('sid')).toBe(false);
  });

  it('a cancelled dialog lands on the login page with the failure text and makes nothing', async () => {
    fb.setPerson(null);
    const users = await countUsers(server);
    const client = new TestClient(server.baseUrl);
    const { location, callback } = await signInWithFacebook(client);
    expect(callback.searchParams.get('error_reason')).toBe('user_denied');
    expect(loginError(location)).toBe(TEXTS.facebookSignInFailed);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await countUsers(server)).toBe(users);
  });

  it('without an email from Facebook nothing is created and the login page says why', async () => {
    fb.setPerson(person(null));
    const users = await countUsers(server);
    const client = new TestClient(server.baseUrl);
    expect(loginError((await signInWithFacebook(client)).location)).toBe(TEXTS.facebookEmailMissing);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await countUsers(server)).toBe(users);
  });

  it('refuses a callback that did not start in this browser, a replayed one, and a Google state', async () => {
    fb.setPerson(person());
    const users = await countUsers(server);
    const victim = new TestClient(server.baseUrl);
    const attacker = new TestClient(server.baseUrl);
    const start = await attacker.get(ACCOUNT_ROUTES.facebookStart);
    const dialog = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(dialog.headers.get('location')!);
    // The attacker's callback link opened by the victim: no state cookie there.
    const forced = await victim.get(callback.pathname + callback.search);
    expect(loginError(forced.headers.get('location')!)).toBe(TEXTS.facebookSignInFailed);
    expect(victim.cookies.has('sid')).toBe(false);
    // The state was spent by that attempt: the link is dead for the attacker too.
    const replay = await attacker.get(callback.pathname + callback.search);
    expect(loginError(replay.headers.get('location')!)).toBe(TEXTS.facebookSignInFailed);
    expect(await countUsers(server)).toBe(users);

    // A forged state the browser also carries (a cookie set by script or a sibling host) is unknown here.
    const forged = 'f'.repeat(43);
    const forger = new TestClient(server.baseUrl);
    forger.cookies.set('fb_state', forged);
    const res = await forger.get(`${ACCOUNT_ROUTES.facebookCallback}?code=abc&state=${forged}`);
    expect(loginError(res.headers.get('location')!)).toBe(TEXTS.facebookSignInFailed);
    expect(forger.cookies.has('sid')).toBe(false);
  });

  it('a replayed code is refused by Facebook, and so here', async () => {
    fb.setPerson(person());
    const client = new TestClient(server.baseUrl);
    const { callback } = await signInWithFacebook(client);
    const code = callback.searchParams.get('code')!;
    const refusals = fb.log.refusals.length;
    // A fresh attempt of the same browser, but carrying the code already spent.
    const start = await client.get(ACCOUNT_ROUTES.facebookStart);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const replay = await client.get(`${ACCOUNT_ROUTES.facebookCallback}?code=${code}&state=${state}`);
    expect(loginError(replay.headers.get('location')!)).toBe(TEXTS.facebookSignInFailed);
    expect(fb.log.refusals.slice(refusals)).toEqual(['This authorization code has been used or has expired.']);
  });

  it('Facebook answering 500 or garbage, at the exchange or at /me, is a refusal, never a 500', async () => {
    const users = await countUsers(server);
    for (const on of ['token', 'me'] as const) {
      for (const fault of ['500', 'garbage'] as const) {
        fb.setPerson(person());
        fb.fault(fault, on);
        const client = new TestClient(server.baseUrl);
        const { location } = await signInWithFacebook(client);
        expect(loginError(location), `${fault} at ${on}`).toBe(TEXTS.facebookSignInFailed);
        expect(client.cookies.has('sid')).toBe(false);
      }
    }
    fb.fault(null);
    expect(await countUsers(server)).toBe(users);
  });

  it('garbage callbacks land on the login page too, never a 500', async () => {
    const client = new TestClient(server.baseUrl);
    for (const q of ['', '?code=x', '?state=abc', '?error=access_denied&state=x', `?code=${'c'.repeat(5000)}`]) {
      const res = await client.get(`${ACCOUNT_ROUTES.facebookCallback}${q}`);
      expect(res.status, q.slice(0, 40)).toBe(302);
      expect(res.headers.get('location')!.startsWith('/login?error=')).toBe(true);
    }
  });
});

describe.each(DB_KINDS)('Facebook sign-in when not configured (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The app id alone is not enough: both must be set.
    server = await startTestServer({ kind, env: { FACEBOOK_APP_ID: '424242' } });
  });
  afterAll(() => server?.stop());

  it('is hidden: facebookEnabled false and both routes 404', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/app/config')).body.facebookEnabled).toBe(false);
    for (const path of [ACCOUNT_ROUTES.facebookStart, `${ACCOUNT_ROUTES.facebookCallback}?code=a&state=b`]) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});
