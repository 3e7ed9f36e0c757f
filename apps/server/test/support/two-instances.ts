import type { Clock } from '../../src/platform/clock.ts';
import { createTestDatabase, TEST_REDIS_URL } from './database.ts';
import { TestClient } from './http-client.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface TwoInstances {
  A: TestServer;
  B: TestServer;
  /** Stops both instances, then drops the database. */
  stop: () => Promise<void>;
}

/**
 * Scale-out as ARCHITECTURE 4 runs it: two instances on one fresh PostgreSQL database and the
 * test Redis, with the same settings (and the same clock, when a test moves time).
 * Only where TEST_DATABASE_URL and TEST_REDIS_URL are set (the suites say `describe.runIf`).
 */
export async function startTwoInstances(
  opts: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<TwoInstances> {
  const db = await createTestDatabase('postgres');
  const env = { ...opts.env, REDIS_URL: TEST_REDIS_URL! };
  const A = await startTestServer({ databaseUrl: db.url!, env, clock: opts.clock });
  const B = await startTestServer({ databaseUrl: db.url!, env, clock: opts.clock });
  return {
    A,
    B,
    stop: async () => {
      await A.stop();
      await B.stop();
      await db.close();
    },
  };
}

/** The same browser session pointed at another instance (the session cookie works on both). */
export function clientOn(client: TestClient, server: TestServer): TestClient {
  const moved = new TestClient(server.baseUrl);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}
