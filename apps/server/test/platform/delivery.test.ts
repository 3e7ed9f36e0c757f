import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../../web/build/precompress.ts';
import { COMPRESS_THRESHOLD_BYTES, installCompression } from '../../src/platform/http/compression.ts';
import { HASHED_CACHE_CONTROL, SHELL_CACHE_CONTROL } from '../../src/platform/http/static.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function rawGet(base: string, p: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(p, base), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (r: RawResponse): string => {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(r.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(r.body).toString();
  return r.body.toString();
};

/** Issue 17: what the server sends a browser, compressed and cached as the field does. */
describe('delivery of the web app', () => {
  let server: TestServer;
  let webDist: string;
  const script = `export const board = ${JSON.stringify('x'.repeat(40)).repeat(200)};\n`;
  const shell = `<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

  beforeAll(async () => {
    // A stand-in for the built web app, precompressed by the build's own step.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-delivery-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), shell);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompressFile(path.join(webDist, 'index.html'));
    await precompressFile(path.join(webDist, 'assets', 'app-Ab12Cd34.js'));
    server = await startTestServer({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('hashed assets: the brotli or gzip copy the client accepts, Vary: Accept-Encoding, immutable for a year', async () => {
    const asset = '/assets/app-Ab12Cd34.js';
    const br = await rawGet(server.baseUrl, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(br.body.length).toBeLessThan(script.length / 10);
    // The policy is the shell's (documents); other security headers stay on every file.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(decode(br)).toBe(script);

    const gz = await rawGet(server.baseUrl, asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(script);

    const plain = await rawGet(server.baseUrl, asset, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(script);
  });

  it('the HTML shell, on every client route: no-cache with an ETag, 304 when unchanged, compressed', async () => {
    for (const route of ['/', '/wallet', '/game/123']) {
      const first = await rawGet(server.baseUrl, route, { 'accept-encoding': 'br' });
      expect(first.status, route).toBe(200);
      expect(first.headers['cache-control'], route).toBe(SHELL_CACHE_CONTROL);
      expect(first.headers['content-encoding'], route).toBe('br');
      expect(decode(first)).toBe(shell);
      expect(first.headers['content-security-policy'], route).toContain("script-src 'self'");
      const etag = first.headers.etag;
      expect(etag, route).toBeTruthy();
      const again = await rawGet(server.baseUrl, route, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, route).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('other files of the build are cached an hour; API 404s stay JSON', async () => {
    const icon = await rawGet(server.baseUrl, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await rawGet(server.baseUrl, '/api/nothing-here', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decode(missing))).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('compression of API responses', () => {
  let app: FastifyInstance;
  let base: string;
  const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, username: `player${i}`, rating: 1500 + i })) };
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    app.get('/big', () => big);
    app.get('/small', () => ({ ok: true }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('JSON above the threshold goes brotli (else gzip) as the client accepts; below it, as it is', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await rawGet(base, '/big', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode(br))).toEqual(big);
    expect(br.body.length).toBeLessThan(JSON.stringify(big).length / 4);
    const gz = await rawGet(base, '/big', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz))).toEqual(big);
    const none = await rawGet(base, '/big');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString())).toEqual(big);
    const small = await rawGet(base, '/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });
});
