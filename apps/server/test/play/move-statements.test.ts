import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realTimer } from '../../src/platform/jobs/timer.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { play, Player, startGame, REAL_GAME } from './support.ts';

/** Set while a background job (JobRunner: sweeps, heartbeats) runs: its statements are not a move's. */
const inJob = new AsyncLocalStorage<true>();

type Driver = { query: (...args: unknown[]) => unknown; runNamed?: (...args: unknown[]) => unknown };

/**
 * Issue 35: what one move costs the database. A move on a game this instance keeps (it started
 * here, both players are here) is judged in memory and written as ONE statement, the first plies
 * (before the clocks run) too: no read of the game, of the account's standing, of presence or
 * spectators, no transaction. Counted at the
 * driver: every Drizzle query, every PGlite named statement and every transaction begun while the
 * moves run, except those of the background jobs, which run whatever the moves do.
 */
describe.each(POSTGRES_TOO)('statements of a move on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Each job run (and all it awaits) carries inJob, so its statements can be told apart.
    const schedule = realTimer.setTimeout.bind(realTimer);
    vi.spyOn(realTimer, 'setTimeout').mockImplementation((fn, ms) => schedule(() => inJob.run(true, fn), ms));
    server = await startTestServer({ kind, clock: 'manual' });
  });
  afterAll(async () => {
    await server?.stop();
    vi.restoreAllMocks();
  });

  it('a move on a kept game is one statement, its append, from the first move of a game started here', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const db = server.database.db;
    const client = (db as unknown as { $client: Driver }).$client;
    const texts: string[] = [];
    // Checked when the statement is sent: a job's statements run in its inJob context.
    const seen = (text: string) => {
      if (!inJob.getStore()) texts.push(text.replace(/\s+/g, ' ').trim());
    };
    const query = client.query.bind(client);
    const counted = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const [q] = args;
      seen(typeof q === 'string' ? q : (q as { text: string }).text);
      return query(...args);
    });
    const runNamed = client.runNamed?.bind(client);
    const named = runNamed
      ? vi.spyOn(client as Required<Driver>, 'runNamed').mockImplementation((...args: unknown[]) => {
          seen(args[1] as string);
          return runNamed(...args);
        })
      : null;
    // A job's transaction is not a move's: counted like the statements, outside the jobs only.
    let transactions = 0;
    const begin = db.transaction.bind(db);
    const transaction = vi.spyOn(db, 'transaction').mockImplementation((...args: Parameters<typeof db.transaction>) => {
      if (!inJob.getStore()) transactions++;
      return begin(...args);
    });
    const moves = REAL_GAME.slice(0, 16);
    try {
      await play(gameId, white, black, moves);
    } finally {
      counted.mockRestore();
      named?.mockRestore();
      transaction.mockRestore();
    }
    expect(transactions).toBe(0);
    expect(texts).toHaveLength(moves.length);
    for (const text of texts) expect(text).toMatch(/^update "games" set .*move_times.* returning/);
    white.close();
    black.close();
  });
});
