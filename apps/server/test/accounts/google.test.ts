import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, validateUsername } from '@rush/domain';
import { ACCOUNT_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import { DB_KINDS, POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startOidcEmulator, type OidcEmulator } from '../support/oidc-emulator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countSessions, countUsers, login, PASSWORD, registerUser, setUserColumns, userRow } from './support.ts';

/**
 * Drives the browser's side of the flow: our start route, the provider's /authorize (which
 * auto-approves), and our callback, each a real HTTP request; cookies stay in `client`.
 */
async function signInWithGoogle(client: TestClient): Promise<{ location: string }> {
  const start = await client.get('/api/auth/google');
  expect(start.status).toBe(302);
  const authorize = start.headers.get('location')!;
  const provider = await fetch(authorize, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get('location')!);
  expect(callback.origin).toBe(client.baseUrl);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { location: done.headers.get('location')! };
}

const loginError = (location: string) => new URL(location, 'http://x').searchParams.get('error');

describe.each(POSTGRES_TOO)('sign in with Google (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let idp: OidcEmulator;
  let n = 0;
  const identity = (email?: string) => {
    n++;
    return { sub: `sub-${Date.now()}-${n}`, email: email ?? `g${Date.now()}${n}@gmail.test`, emailVerified: true };
  };

  beforeAll(async () => {
    idp = await startOidcEmulator({ clientId: 'rush-web', clientSecret: 'rush-secret' });
    server = await startTestServer({
      kind,
      env: {
        GOOGLE_CLIENT_ID: 'rush-web',
        GOOGLE_CLIENT_SECRET: 'rush-secret',
        GOOGLE_ISSUER: idp.issuer,
        // X-Forwarded-For names the client, so a test can speak from abroad.
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  itOnPglite('is announced in the app config', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/app/config')).body.googleEnabled).toBe(true);
  });

  itOnPglite('sends the browser to the provider with code flow, PKCE S256, nonce and our callback', async () => {
    const start = await new TestClient(server.baseUrl).get('/api/auth/google');
    const url = new URL(start.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('client_id')).toBe('rush-web');
    expect(p.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/google/callback`);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  itOnPglite(
    'creates a verified account named PlayerNNNNN on first sign-in, and finds it again the next time',
    async () => {
      const who = identity();
      idp.setIdentity(who);
      const client = new TestClient(server.baseUrl);
      const users = await countUsers(server);
      expect((await signInWithGoogle(client)).location).toBe('/');
      const me = (await client.get('/api/session')).body.user;
      expect(me.username).toMatch(/^Player\d{1,4}$/);
      expect(validateUsername(me.username)).toBeNull();
      expect(me.email).toBe(who.email);
      expect(me.emailVerified).toBe(true);
      expect(await countUsers(server)).toBe(users + 1);

      const again = new TestClient(server.baseUrl);
      await signInWithGoogle(again);
      expect((await again.get('/api/session')).body.user.uid).toBe(me.uid);
      expect(await countUsers(server)).toBe(users + 1);
      // Single session holds for Google sign-ins too.
      expect((await client.get('/api/session')).body.user).toBeNull();
      expect(await countSessions(server, me.uid)).toBe(1);
    },
  );

  it('a new account gives its date of birth before anything else (SPEC 5: 18 or older, once)', async () => {
    idp.setIdentity(identity());
    const client = new TestClient(server.baseUrl);
    await signInWithGoogle(client);
    expect((await client.get('/api/session')).body.user.needsDateOfBirth).toBe(true);
    // It may look and sign out, but change nothing until then.
    expect(await client.patch(ACCOUNT_ROUTES.color, { color: 'username_color_000002' })).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: TEXTS.dobFirst } },
    });
    expect((await client.get(PLAY_ROUTES.history)).status).toBe(200);

    const today = new Date();
    const minor = { year: today.getUTCFullYear() - 17, month: 1, day: 1 };
    const under = await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: minor });
    expect(under.status).toBe(400);
    expect(JSON.stringify(under.body)).toContain(TEXTS.underAge);
    expect((await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: { year: 1990, month: 2, day: 30 } })).status).toBe(
      400,
    );
    expect((await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: 'x' })).status).toBe(400);

    // Two submissions at once: one sets it, the other is told it is set.
    const adult = { year: 1990, month: 6, day: 15 };
    const both = await Promise.all([
      client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: adult }),
      client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: { ...adult, day: 16 } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const set = both.find((r) => r.status === 200)!;
    expect(set.body.needsDateOfBirth).toBe(false);
    const uid: string = set.body.uid;
    expect(['1990-06-15', '1990-06-16']).toContain((await userRow(server, uid))!.dateOfBirth);
    expect(await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: adult })).toMatchObject({
      status: 409,
      body: { error: { message: TEXTS.dobAlreadySet } },
    });
    // Now it may act.
    expect((await client.patch(ACCOUNT_ROUTES.color, { color: 'username_color_000002' })).status).toBe(200);
  });

  itOnPglite('an account registered with a password already gave its date of birth', async () => {
    const { client } = await registerUser(server);
    expect((await client.get('/api/session')).body.user.needsDateOfBirth).toBe(false);
    expect((await client.post(ACCOUNT_ROUTES.dateOfBirth, { dob: { year: 1990, month: 6, day: 15 } })).status).toBe(
      409,
    );
  });

  itOnPglite(
    'a new account is refused from an IP outside the US and Canada (SPEC 1); an existing one still signs in',
    async () => {
      const ENGLAND_IP = '81.2.69.142';
      const who = identity();
      idp.setIdentity(who);
      const users = await countUsers(server);
      const abroad = new TestClient(server.baseUrl, { ip: ENGLAND_IP });
      expect(loginError((await signInWithGoogle(abroad)).location)).toBe(TEXTS.notOfferedHere);
      expect((await abroad.get('/api/session')).body.user).toBeNull();
      expect(await countUsers(server)).toBe(users);

      await signInWithGoogle(new TestClient(server.baseUrl, { ip: '72.229.28.185' })); // New York
      expect(await countUsers(server)).toBe(users + 1);
      const travelling = new TestClient(server.baseUrl, { ip: ENGLAND_IP });
      expect((await signInWithGoogle(travelling)).location).toBe('/');
      expect((await travelling.get('/api/session')).body.user.email).toBe(who.email);
    },
  );

  itOnPglite('links an existing verified account by email and keeps its password', async () => {
    const u = await registerUser(server);
    await new TestClient(server.baseUrl).get(server.mailer.link(u.email).slice(server.baseUrl.length));
    idp.setIdentity({ ...identity(u.email.toUpperCase()) });
    const client = new TestClient(server.baseUrl);
    await signInWithGoogle(client);
    expect((await client.get('/api/session')).body.user.uid).toBe(u.uid);
    expect((await userRow(server, u.uid))!.googleSub).toMatch(/^sub-/);
    expect((await login(server, u.username, PASSWORD)).res.status).toBe(200);
  });

  itOnPglite(
    'linking an unverified account drops the password nobody proved (pre-registration squatting)',
    async () => {
      const squatter = await registerUser(server);
      idp.setIdentity(identity(squatter.email));
      const owner = new TestClient(server.baseUrl);
      await signInWithGoogle(owner);
      expect((await owner.get('/api/session')).body.user).toMatchObject({ uid: squatter.uid, emailVerified: true });
      expect((await squatter.client.get('/api/session')).body.user).toBeNull();
      expect((await login(server, squatter.username, PASSWORD)).res.status).toBe(401);
    },
  );

  itOnPglite(
    "linking a squatted account also drops the squatter's recovery address and the links it was mailed",
    async () => {
      const squatter = await registerUser(server);
      const recovery = `back-${squatter.username.toLowerCase()}@squat.test`;
      const set = await squatter.client.put('/api/account/recovery-email', {
        email: recovery,
        currentPassword: PASSWORD,
      });
      expect(set.status).toBe(200);
      const verify = new URL(server.mailer.link(recovery));
      expect((await squatter.client.get(verify.pathname + verify.search)).status).toBe(302);
      expect((await userRow(server, squatter.uid))!.recoveryEmail).toBe(recovery);
      // A reset link mailed to the squatter's own address before the owner arrives...
      await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email: recovery });
      const token = new URL(server.mailer.link(recovery)).searchParams.get('token')!;

      idp.setIdentity(identity(squatter.email));
      await signInWithGoogle(new TestClient(server.baseUrl));
      expect((await userRow(server, squatter.uid))!.recoveryEmail).toBeNull();
      // ...no longer sets a password, and that address gets no new link.
      const reset = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
        token,
        password: 'Taken#Over1',
        confirmPassword: 'Taken#Over1',
      });
      expect(reset.status).toBe(400);
      const before = server.mailer.sent.length;
      await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email: recovery });
      expect(server.mailer.sent.slice(before).filter((m) => m.to === recovery)).toEqual([]);
      expect((await login(server, squatter.username, 'Taken#Over1')).res.status).toBe(401);
    },
  );

  itOnPglite('refuses a login-disabled account with its text on the login page', async () => {
    const who = identity();
    idp.setIdentity(who);
    const first = new TestClient(server.baseUrl);
    await signInWithGoogle(first);
    const uid = (await first.get('/api/session')).body.user.uid;
    await setUserColumns(server, uid, { loginDisabled: true });
    const { location } = await signInWithGoogle(new TestClient(server.baseUrl));
    expect(location.startsWith('/login?error=')).toBe(true);
    expect(loginError(location)).toBe(TEXTS.loginDisabled(server.config.supportEmail));
  });

  itOnPglite('refuses when the user declines, the email is unverified, or the ID token is forged', async () => {
    idp.setIdentity(null);
    expect(loginError((await signInWithGoogle(new TestClient(server.baseUrl))).location)).toBe(
      TEXTS.googleSignInFailed,
    );

    idp.setIdentity({ ...identity(), emailVerified: false });
    expect(loginError((await signInWithGoogle(new TestClient(server.baseUrl))).location)).toBe(
      TEXTS.googleEmailUnverified,
    );

    const users = await countUsers(server);
    for (const t of [
      { foreignKey: true },
      { nonce: 'replayed' },
      { audience: 'someone-else' },
      { expiresInSec: -600 },
    ]) {
      idp.setIdentity(identity());
      idp.tamper(t);
      const client = new TestClient(server.baseUrl);
      const { location } = await signInWithGoogle(client);
      expect(loginError(location), JSON.stringify(t)).toBe(TEXTS.googleSignInFailed);
      expect(client.cookies.has('sid')).toBe(false);
    }
    idp.tamper({});
    expect(await countUsers(server)).toBe(users);
  });

  itOnPglite('refuses a callback that did not start in this browser, or a replayed one', async () => {
    idp.setIdentity(identity());
    const victim = new TestClient(server.baseUrl);
    const attacker = new TestClient(server.baseUrl);
    const start = await attacker.get('/api/auth/google');
    const provider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(provider.headers.get('location')!);
    // The attacker's callback link opened by the victim: no state cookie there.
    const forced = await victim.get(callback.pathname + callback.search);
    expect(loginError(forced.headers.get('location')!)).toBe(TEXTS.googleSignInFailed);
    expect(victim.cookies.has('sid')).toBe(false);
    // The state was consumed by that attempt: the link is dead for the attacker too.
    const replay = await attacker.get(callback.pathname + callback.search);
    expect(loginError(replay.headers.get('location')!)).toBe(TEXTS.googleSignInFailed);
    // Garbage callbacks land on the login page too, never a 500.
    for (const q of ['', '?code=x', '?state=abc', '?error=access_denied&state=x']) {
      const res = await victim.get(`/api/auth/google/callback${q}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')!.startsWith('/login?error=')).toBe(true);
    }
    // A control character is refused at the edge like in any request (no provider sends one).
    const nul = await victim.get('/api/auth/google/callback?code=x&state=%00');
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe('VALIDATION');
  });
});

describe.each(DB_KINDS)('Google sign-in when not configured (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('is hidden: googleEnabled false and both routes 404', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.get('/api/app/config')).body.googleEnabled).toBe(false);
    for (const path of ['/api/auth/google', '/api/auth/google/callback?code=a&state=b']) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});
