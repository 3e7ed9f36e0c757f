import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { TestClient, testFetch } from '../support/http-client.ts';

describe.each(DB_KINDS)('HTTP platform on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /healthz answers 200 with the database kind', async () => {
    const res = await testFetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('unknown API paths get a JSON 404 with a stable code', async () => {
    for (const path of ['/api/nope', '/api/', '/api/auth/login/extra']) {
      const res = await testFetch(`${server.baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await testFetch(`${server.baseUrl}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('malformed JSON is a 400 with the error shape, never a 500', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/auth/login', undefined, {
      raw: '{"identifier": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
  });

  it('oversized bodies are refused with 413', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/auth/login', undefined, {
      raw: JSON.stringify({ identifier: 'x'.repeat(200_000), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('unsupported content types are a 415', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/auth/login', undefined, {
      raw: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA');
  });

  it('rejects state changes without the CSRF token or from a foreign origin', async () => {
    const client = new TestClient(server.baseUrl);
    await client.get('/api/session');
    const noToken = await client.request(
      'POST',
      '/api/auth/login',
      { identifier: 'a', password: 'b' },
      { csrf: false },
    );
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.code).toBe('CSRF');
    const foreign = await client.request(
      'POST',
      '/api/auth/login',
      { identifier: 'a', password: 'b' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('CSRF');
  });
});
