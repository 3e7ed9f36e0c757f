import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_ROUTES, installHealth } from '../../src/platform/http/health.ts';
import { TEST_REDIS_URL, POSTGRES_TOO } from '../support/database.ts';
import { testFetch } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Liveness against readiness (issue 18): what a load balancer asks an instance. */
describe('readiness of the dependencies', () => {
  async function ready(checks: Parameters<typeof installHealth>[1]['checks']) {
    const app = Fastify({ logger: false });
    installHealth(app, { databaseKind: 'pglite', checks, timeoutMs: 50 });
    const res = await app.inject({ method: 'GET', url: HEALTH_ROUTES.ready });
    const live = await app.inject({ method: 'GET', url: HEALTH_ROUTES.live });
    await app.close();
    return { status: res.statusCode, body: res.json<unknown>(), live: live.statusCode };
  }

  it.each([
    [
      'every dependency answers: ready',
      [{ name: 'database', check: () => Promise.resolve() }],
      200,
      { database: 'ok' },
    ],
    ['a dependency not used here is reported, not failed', [{ name: 'redis', check: null }], 200, { redis: 'absent' }],
    [
      'one that fails: not ready',
      [{ name: 'database', check: () => Promise.reject(new Error('down')) }],
      503,
      { database: 'unreachable' },
    ],
    [
      'one that hangs: not ready after the timeout',
      [{ name: 'redis', check: () => new Promise(() => {}) }],
      503,
      { redis: 'unreachable' },
    ],
  ] as const)('%s', async (_name, checks, status, reported) => {
    const res = await ready([...checks]);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ status: status === 200 ? 'ready' : 'not ready', checks: reported });
    // the process itself still answers: not a reason to restart it
    expect(res.live).toBe(200);
  });
});

it('a draining instance (shutting down) is not ready, whatever its dependencies say; it still lives', async () => {
  const app = Fastify({ logger: false });
  let draining = false;
  installHealth(app, {
    databaseKind: 'pglite',
    checks: [{ name: 'database', check: () => Promise.resolve() }],
    draining: () => draining,
  });
  expect((await app.inject({ method: 'GET', url: HEALTH_ROUTES.ready })).statusCode).toBe(200);
  draining = true;
  const res = await app.inject({ method: 'GET', url: HEALTH_ROUTES.ready });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'draining', checks: { database: 'ok' } });
  expect((await app.inject({ method: 'GET', url: HEALTH_ROUTES.live })).statusCode).toBe(200);
  await app.close();
});

// On PostgreSQL too: the readiness of its pool, and of Redis beside it, as a cluster instance runs.
describe.each(POSTGRES_TOO)('the server on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      http: 'inject',
      kind,
      ...(TEST_REDIS_URL && kind === 'postgres' ? { env: { REDIS_URL: TEST_REDIS_URL } } : {}),
    });
  });
  afterAll(() => server?.stop());

  it('is ready: its database answers, and Redis when it uses one', async () => {
    const res = await testFetch(server.baseUrl + HEALTH_ROUTES.ready);
    expect(res.status).toBe(200);
    const redis = TEST_REDIS_URL && kind === 'postgres' ? 'ok' : 'absent';
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis } });
  });

  it('an unknown path under /healthz is a JSON 404, not the web app', async () => {
    const res = await testFetch(server.baseUrl + '/healthz/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
