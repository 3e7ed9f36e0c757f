import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCOUNT_ROUTES,
  ChangeColorRequest,
  ChangePasswordRequest,
  ChangeSettingsRequest,
  ChangeUsernameRequest,
  EmptyRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RecoveryEmailRequest,
  RegisterRequest,
} from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startFacebookEmulator, type FacebookEmulator } from '../support/facebook-emulator.ts';
import { startOidcEmulator, type OidcEmulator } from '../support/oidc-emulator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { describeBody, hostileBody, raw, send, validFor, type HostileBodyOptions } from '../support/hostile-input.ts';
import { countSessions, countUsers, registerUser, userRow, type Registered } from './support.ts';
import { samples } from '../support/samples.ts';

/**
 * Hostile input at every route of the accounts module: random JSON, right keys with wrong
 * types, strings up to 1 MB, deep nesting, prototype-pollution keys, invalid UTF-8, wrong
 * content types, non-JSON text, multipart garbage. Every answer must be a 4xx (never a 5xx),
 * nothing may change in the database, and the server must still be healthy afterwards.
 */

const RUNS = samples(120);

const PROTO_PAYLOADS = [
  '{"__proto__":{"polluted":true}}',
  '{"username":"abc","__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"identifier":"a","password":"b","__proto__":null}',
  '{"\\u005f\\u005fproto__":{"polluted":true}}',
  '{"settings":{"__proto__":{"polluted":true}},"showDollar":true,"x":1}',
];

/** Values that break a field: wrong types, oversized, or strings with control characters (NUL!). */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('a\u0000b@example.com', 'Ab\u0000cd', '\u0000', 'x\u0007y', 'Secret#1\u0000', '\u001b[2J'),
  fc.string({ maxLength: 30 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 129, max: 5_000 }).map((n) => 'é'.repeat(n)),
);

const BODIES: HostileBodyOptions = {
  value: hostileValue,
  protoPayloads: PROTO_PAYLOADS,
  contentTypes: [
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'application/octet-stream',
    'multipart/form-data; boundary=zz',
    'application/json; charset=utf-16',
    'image/png',
    null,
  ],
  deepObjects: true,
  controlChars: true,
};

// Mirrors the server's edge rule: control characters other than tab/CR/LF are refused in every field.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when no string field of the parsed body holds a control character. */
const noControlChars = (data: unknown) =>
  !(data && typeof data === 'object' ? Object.values(data) : []).some((v) => typeof v === 'string' && CONTROL.test(v));

interface RouteCase {
  method: string;
  path: string;
  schema?: z.ZodType;
  keys: string[];
  /** A valid body, to break one field at a time. */
  base?: Record<string, unknown>;
  /** Sent by the signed-in user (else by an anonymous visitor). */
  signedIn: boolean;
}

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: ACCOUNT_ROUTES.register,
    schema: RegisterRequest,
    keys: Object.keys(RegisterRequest.shape),
    signedIn: false,
    base: {
      username: 'Valid1',
      email: 'valid1@example.com',
      dob: { year: 1990, month: 1, day: 1 },
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
      acceptTerms: true,
    },
  },
  {
    method: 'POST',
    path: ACCOUNT_ROUTES.login,
    schema: LoginRequest,
    keys: ['identifier', 'password', 'captchaToken'],
    signedIn: false,
    base: { identifier: 'someone@example.com', password: 'Secret#123' },
  },
  { method: 'POST', path: ACCOUNT_ROUTES.logout, schema: EmptyRequest, keys: ['sessionId'], signedIn: false },
  { method: 'POST', path: ACCOUNT_ROUTES.verifyEmail, keys: ['token'], signedIn: false, base: { token: 'x' } },
  { method: 'POST', path: ACCOUNT_ROUTES.resendVerification, keys: ['email'], signedIn: false },
  {
    method: 'POST',
    path: ACCOUNT_ROUTES.forgotPassword,
    schema: ForgotPasswordRequest,
    keys: ['email', 'captchaToken'],
    signedIn: false,
    base: { email: 'someone@example.com' },
  },
  {
    method: 'POST',
    path: ACCOUNT_ROUTES.resetPassword,
    keys: ['token', 'password', 'confirmPassword'],
    signedIn: false,
    base: { token: 'x'.repeat(43), password: 'Secret#123', confirmPassword: 'Secret#123' },
  },
  {
    method: 'PATCH',
    path: ACCOUNT_ROUTES.username,
    schema: ChangeUsernameRequest,
    keys: ['username'],
    signedIn: true,
    base: { username: 'Valid2' },
  },
  {
    method: 'PATCH',
    path: ACCOUNT_ROUTES.color,
    schema: ChangeColorRequest,
    keys: ['color'],
    signedIn: true,
    base: { color: 'username_color_000002' },
  },
  {
    method: 'PATCH',
    path: ACCOUNT_ROUTES.settings,
    schema: ChangeSettingsRequest,
    keys: ['showDollar', 'showWbx', 'hideLichessUsername', 'soundMuted', 'realityCheckMinutes'],
    signedIn: true,
    base: { showDollar: false },
  },
  {
    method: 'PUT',
    path: ACCOUNT_ROUTES.recoveryEmail,
    schema: RecoveryEmailRequest,
    keys: ['email', 'currentPassword'],
    signedIn: true,
    base: { email: 'backup@example.com', currentPassword: 'Wrong#123' },
  },
  {
    method: 'POST',
    path: ACCOUNT_ROUTES.password,
    schema: ChangePasswordRequest,
    keys: ['currentPassword', 'newPassword', 'confirmPassword'],
    signedIn: true,
    base: { currentPassword: 'Wrong#123', newPassword: 'Other$456', confirmPassword: 'Other$456' },
  },
];

describe.each(DB_KINDS)('accounts bad input (%s)', (kind) => {
  let server: TestServer;
  let idp: OidcEmulator;
  let fb: FacebookEmulator;
  let user: Registered;
  let anon: TestClient;

  beforeAll(async () => {
    idp = await startOidcEmulator({ clientId: 'c', clientSecret: 's' });
    fb = await startFacebookEmulator({ appId: '1', appSecret: 's' });
    server = await startTestServer({
      kind,
      env: {
        GOOGLE_CLIENT_ID: 'c',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_ISSUER: idp.issuer,
        FACEBOOK_APP_ID: '1',
        FACEBOOK_APP_SECRET: 's',
        FACEBOOK_DIALOG_URL: fb.url,
        FACEBOOK_GRAPH_URL: fb.url,
      },
    });
    user = await registerUser(server);
    anon = new TestClient(server.baseUrl);
    await anon.get('/api/session');
  });
  afterAll(async () => {
    await server?.stop();
    await idp?.close();
    await fb?.close();
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: every hostile body gets a 4xx and changes nothing`, async () => {
      const client = route.signedIn ? user.client : anon;
      const usersBefore = await countUsers(server);
      const sessionsBefore = await countSessions(server);
      const rowBefore = await userRow(server, user.uid);
      await fc.assert(
        fc.asyncProperty(hostileBody(BODIES, route.keys, route.base), async (body) => {
          fc.pre(!validFor(route.schema, body, noControlChars));
          const res = await send(client, route.method, route.path, body);
          if (res.status < 400 || res.status >= 500) {
            throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${describeBody(body)}`);
          }
          expect(res.body?.error?.code, describeBody(body)).toBeTypeOf('string');
        }),
        { numRuns: RUNS },
      );
      expect(await countUsers(server)).toBe(usersBefore);
      expect(await countSessions(server)).toBe(sessionsBefore);
      const rowAfter = await userRow(server, user.uid);
      expect({ ...rowAfter, avatar: null }).toEqual({ ...rowBefore, avatar: null });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      // Still the same signed-in user afterwards.
      expect((await user.client.get('/api/session')).body.user.uid).toBe(user.uid);
    });
  }

  it('POST avatar: multipart garbage never gets a 5xx and never changes the picture', async () => {
    const boundary = 'XyZ123';
    const part = (headers: string, content: Uint8Array | string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
        Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const garbage = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }).map((b) => raw(b, `multipart/form-data; boundary=${boundary}`)),
      fc.uint8Array({ maxLength: 512 }).map((b) => raw(b, 'multipart/form-data')),
      fc.string({ maxLength: 300 }).map((s) => raw(part(s, 'data'), `multipart/form-data; boundary=${boundary}`)),
      fc
        .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.uint8Array({ maxLength: 2048 }))
        .map(([field, name, b]) =>
          raw(
            part(`Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png`, b),
            `multipart/form-data; boundary=${boundary}`,
          ),
        ),
      fc.uint8Array({ maxLength: 2048 }).map((b) =>
        // A well-formed file part whose bytes are noise (or a truncated PNG header).
        raw(
          part(
            'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png',
            Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(b)]),
          ),
          `multipart/form-data; boundary=${boundary}`,
        ),
      ),
      fc
        .uint8Array({ maxLength: 2048 })
        .map((b) =>
          raw(
            Buffer.concat([
              Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n`),
              Buffer.from(b),
            ]),
            `multipart/form-data; boundary=${boundary}`,
          ),
        ),
      hostileBody(BODIES, ['file']),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (body) => {
        const res = await send(user.client, 'POST', ACCOUNT_ROUTES.avatar, body);
        if (res.status >= 500) throw new Error(`${res.status} ${JSON.stringify(res.body)} for ${describeBody(body)}`);
        // Silently ignored (SPEC 5) is a 200 with the unchanged Me; anything else must be a 4xx.
        if (res.status < 400) expect(res.body.avatarUrl).toBeNull();
      }),
      { numRuns: RUNS },
    );
    expect((await userRow(server, user.uid))!.avatarVersion).toBe(0);
  });

  it('GET routes: random queries, path segments and cookies never get a 5xx', async () => {
    const queryValue = fc.oneof(
      fc.string({ maxLength: 300 }).map(encodeURIComponent),
      fc.constantFrom('%ff%fe', '%00', '%', '%E0%A4%A', 'a&token=b&token=c', '%C0%AF', `${'x'.repeat(5000)}`),
    );
    await fc.assert(
      fc.asyncProperty(queryValue, queryValue, async (a, b) => {
        const paths = [
          `${ACCOUNT_ROUTES.verifyEmail}?token=${a}`,
          `${ACCOUNT_ROUTES.googleCallback}?code=${a}&state=${b}`,
          `${ACCOUNT_ROUTES.googleCallback}?error=${a}&state=${b}`,
          `${ACCOUNT_ROUTES.facebookCallback}?code=${a}&state=${b}`,
          `${ACCOUNT_ROUTES.facebookCallback}?error=${a}&error_reason=${b}&error_description=${a}&state=${b}`,
          `${ACCOUNT_ROUTES.facebookCallback}?${a}=${b}`,
          `/api/avatars/${a.slice(0, 190)}?v=${b}`,
          `${ACCOUNT_ROUTES.session}?${a}=${b}`,
        ];
        for (const path of paths) {
          const res = await anon.get(path);
          if (res.status >= 500) throw new Error(`${res.status} for ${path.slice(0, 200)}`);
        }
      }),
      { numRuns: samples(60) },
    );
    const cookieValue = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('%ff', '"', ';;;', '=', 'A'.repeat(43), 'sid=sid=sid'),
    );
    await fc.assert(
      fc.asyncProperty(cookieValue, async (value) => {
        const res = await fetch(server.baseUrl + ACCOUNT_ROUTES.session, {
          headers: { cookie: `sid=${value.replace(/[\r\n]/g, '')}` },
        }).catch(() => null); // fetch itself refuses some header bytes: nothing reached the server
        if (res) {
          expect(res.status).toBe(200);
          expect(((await res.json()) as any).user).toBeNull();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('is still healthy afterwards, and the real flows still work', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const fresh = await registerUser(server);
    expect((await fresh.client.get('/api/session')).body.user.uid).toBe(fresh.uid);
  });
});
