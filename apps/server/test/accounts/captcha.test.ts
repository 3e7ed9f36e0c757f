import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { parseConfig } from '../../src/config.ts';
import { contentSecurityDirectives } from '../../src/platform/http/csp.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, UNLIMITED_FOR_TESTS, type TestServer } from '../support/server.ts';
import { PASSWORD, registerUser } from './support.ts';

const SCRIPT_URL = 'http://127.0.0.1:4999/captcha/api.js';

describe('content security policy (issue 12: the captcha origin only when the captcha is on)', () => {
  const base = { PORT: '3000' };
  it('is same-origin only without a captcha', () => {
    const d = contentSecurityDirectives(parseConfig(base));
    expect(d.scriptSrc).toEqual(["'self'"]);
    expect(d.frameSrc).toEqual(["'self'"]);
    expect(d.connectSrc).toEqual(["'self'", 'ws://127.0.0.1:3000']);
    expect(JSON.stringify(d)).not.toContain('hcaptcha');
  });

  it("adds hCaptcha's documented hosts for its script to script, frame, style and connect sources", () => {
    const d = contentSecurityDirectives(parseConfig({ ...base, CAPTCHA_SITE_KEY: 'k', CAPTCHA_SECRET: 's' }));
    for (const directive of [d.scriptSrc, d.frameSrc, d.styleSrc, d.connectSrc]) {
      expect(directive).toEqual(expect.arrayContaining(['https://hcaptcha.com', 'https://*.hcaptcha.com']));
    }
    expect(d.defaultSrc).toEqual(["'self'"]);
  });

  it("adds a configured script's own origin (a stand-in, a self-hosted widget)", () => {
    const d = contentSecurityDirectives(
      parseConfig({ ...base, CAPTCHA_SITE_KEY: 'k', CAPTCHA_SECRET: 's', CAPTCHA_SCRIPT_URL: SCRIPT_URL }),
    );
    expect(d.scriptSrc).toEqual(["'self'", 'http://127.0.0.1:4999']);
    expect(d.frameSrc).toEqual(["'self'", 'http://127.0.0.1:4999']);
  });
});

describe.each(DB_KINDS)('captcha on login, register and forgot-password (%s)', (kind) => {
  let server: TestServer;
  let provider: http.Server;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // An in-process emulator of hCaptcha's siteverify: form-encoded in, JSON `{ success }` out;
    // only "good-token" issued for our site key, checked with our secret, passes.
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const ok =
          form.get('secret') === 'shh' && form.get('response') === 'good-token' && form.get('sitekey') === 'site-key';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const port = (provider.address() as { port: number }).port;
    server = await startTestServer({
      kind,
      http: 'inject',
      env: {
        ...UNLIMITED_FOR_TESTS,
        TRUST_PROXY: 'true',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'shh',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
        CAPTCHA_SCRIPT_URL: SCRIPT_URL,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => provider.close(r));
  });

  let ipSeq = 0;
  const from = () => new TestClient(server.baseUrl, { ip: `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

  it('publishes the site key and the widget script, and the page CSP allows that script', async () => {
    const client = new TestClient(server.baseUrl);
    const config = await client.get('/api/app/config');
    expect(config.body).toMatchObject({ captchaSiteKey: 'site-key', captchaScriptUrl: SCRIPT_URL });
    const csp = config.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:4999/);
    expect(csp).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:4999/);
  });

  it('register needs a solved captcha; the token is checked with the secret and site key', async () => {
    const client = from();
    const body = { username: 'Capt1', email: 'capt1@example.com', dob: { year: 1990, month: 5, day: 17 } };
    const form = { ...body, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true };
    const none = await client.post('/api/auth/register', form);
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({
      code: 'VALIDATION',
      message: TEXTS.captchaFailed,
      fields: { captchaToken: TEXTS.captchaFailed },
    });
    const good = await client.post('/api/auth/register', { ...form, captchaToken: 'good-token' });
    expect(good.status).toBe(200);
    const sent = seen.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      secret: 'shh',
      response: 'good-token',
      remoteip: client.opts.ip,
      sitekey: 'site-key',
    });
  });

  it('login asks for a captcha only once the account has drawn 20 attempts from anywhere (no lockout)', async () => {
    const u = await registerUser(server, { captchaToken: 'good-token' }, from());
    // No captcha needed while the account is quiet.
    expect((await from().post('/api/auth/login', { identifier: u.username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const res = await from().post('/api/auth/login', { identifier: u.username, password: `Wrong#${i}` });
      expect(res.status).toBe(401);
    }
    const without = await from().post('/api/auth/login', { identifier: u.username, password: PASSWORD });
    expect(without.status).toBe(400);
    expect(without.body.error.message).toBe(TEXTS.captchaFailed);
    const wrongToken = await from().post('/api/auth/login', {
      identifier: u.username,
      password: PASSWORD,
      captchaToken: 'bad-token',
    });
    expect(wrongToken.status).toBe(400);
    // The owner solves it and is in at once: no wait, whatever the guessers did.
    const solved = await from().post('/api/auth/login', {
      identifier: u.username,
      password: PASSWORD,
      captchaToken: 'good-token',
    });
    expect(solved.status).toBe(200);
    expect(solved.body.user.uid).toBe(u.uid);
  });

  it('forgot-password needs a solved captcha', async () => {
    const client = from();
    const none = await client.post('/api/auth/forgot-password', { email: 'a@b.cd' });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ captchaToken: TEXTS.captchaFailed });
    const ok = await client.post('/api/auth/forgot-password', { email: 'a@b.cd', captchaToken: 'good-token' });
    expect(ok.body).toEqual({ message: TEXTS.resetSuccess });
  });
});
