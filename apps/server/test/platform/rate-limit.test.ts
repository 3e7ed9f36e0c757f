import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('global rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_MAX: '5' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with the stable code past the limit, and never limits /healthz', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await fetch(`${server.baseUrl}/api/app/config`)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await fetch(`${server.baseUrl}/api/app/config`);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});
