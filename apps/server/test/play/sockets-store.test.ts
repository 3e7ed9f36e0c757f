import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSockets } from '../../src/modules/play/schema.ts';
import { SocketStore } from '../../src/modules/play/sockets.store.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { register } from '../realtime/support/accounts.ts';

/**
 * The presence sweep refreshes every socket its instance holds in one statement, whose socket ids
 * travel as one array parameter: node-postgres and PGlite encode it differently, so both run.
 */
describe.each(POSTGRES_TOO)('socket presence rows on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
  });
  afterAll(() => server?.stop());

  it('a refresh keeps exactly the sockets it names fresh, thousands at once; the others go stale', async () => {
    const { uid } = await register(server);
    const store = new SocketStore(server.database.db);
    const t0 = new Date('2026-11-29T10:00:00Z');
    const held = Array.from({ length: 5_000 }, (_, i) => `held-${i}`);
    const other = 'elsewhere-1';
    for (const id of [...held.slice(0, 3), held[4_999]!, other]) await store.opened(id, uid, t0);

    const t1 = new Date(t0.getTime() + 60_000);
    await store.refresh(held, t1);
    // Fresh after t0: only the refreshed rows count; the unnamed socket is as old as it was.
    expect(await store.connectedAmong([uid], t0)).toEqual(new Set([uid]));
    await store.dropStale(t0);
    const rows = await server.database.db
      .select({ connId: playSockets.connId, seenAt: playSockets.seenAt })
      .from(playSockets);
    expect(rows.map((r) => r.connId).sort()).toEqual(['held-0', 'held-1', 'held-2', 'held-4999']);
    expect(rows.every((r) => r.seenAt.getTime() === t1.getTime())).toBe(true);
  });
});
