import { monitorEventLoopDelay } from 'node:perf_hooks';
import { REALTIME_PATH } from '@rush/protocol';
import { startTestServer } from '../../../apps/server/test/support/server.ts';
import { openDatabase } from '../../../apps/server/src/platform/db/database.ts';
import { DEFAULT_ENGINE_NICE } from '../../../apps/server/src/config.ts';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';
import type {
  AppendsReply,
  AppendsRequest,
  LagReply,
  LagRequest,
  SeedReply,
  SeedRequest,
} from '../support/play-child.ts';
import { seedPlayers } from '@rush/load';
import { cpuMs } from '../support/cpu-per-move.ts';
import type { RunNamed } from '../../../apps/server/src/platform/db/pglite-named.mjs';
import { startBusyEngines } from '../support/busy-engines.ts';

/**
 * The real server (HTTP, accounts, wallet, play, realtime hub, in-process bus, PGlite) in its own
 * process, plus an event-loop delay monitor the parent resets and reads over IPC: the lag of the
 * process that referees the games is what the sustained benchmark reports. Over the same channel
 * it seeds signed-in players (seed-players.ts) for runs too large for the sign-up form.
 */
// BENCH_PLAY_DB=postgres (with TEST_DATABASE_URL) runs the same server on a fresh PostgreSQL database;
// BENCH_PLAY_DB=pglite-thread on PGlite in a worker thread (PGLITE_THREAD, the product's default).
// BENCH_SOCKET_RATE_MULTIPLIER: the socket budgets (issue 33); unset, the test servers' (1,000 times
// the product's, so a load benchmark measures the game, not the limit); `1` is the product's.
// BENCH_FAIRPLAY_WORKER=false: no analysis of the finished games beside the moves (the analysis has
// its own benchmark, fairplay-analysis); unset, the worker runs as it does in the product.
// BENCH_ENGINES_BUSY=true: every engine of the product's pool searches the whole run, as fair play
// does with a backlog (busy-engines.ts); the real worker is then off, so the load is the same in
// every window.
const multiplier = process.env.BENCH_SOCKET_RATE_MULTIPLIER;
const fairplayWorker = process.env.BENCH_FAIRPLAY_WORKER;
const dbChoice = process.env.BENCH_PLAY_DB;
const enginesBusy = process.env.BENCH_ENGINES_BUSY === 'true';
const server = await startTestServer({
  kind: dbChoice === 'postgres' ? 'postgres' : 'pglite',
  ...(dbChoice === 'pglite-thread' ? { database: await openDatabase({ kind: 'pglite-memory', thread: true }) } : {}),
  env: {
    // The product's engine priority (the test servers run theirs at the suite's).
    ENGINE_NICE: String(DEFAULT_ENGINE_NICE),
    ...(multiplier ? { SOCKET_RATE_MULTIPLIER: multiplier } : {}),
    ...(fairplayWorker ? { FAIRPLAY_WORKER: fairplayWorker } : {}),
    ...(enginesBusy ? { FAIRPLAY_WORKER: 'false' } : {}),
    ...(process.env.ENGINE_POOL_SIZE ? { ENGINE_POOL_SIZE: process.env.ENGINE_POOL_SIZE } : {}),
  },
});
const busy = enginesBusy ? startBusyEngines(server.config) : null;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const appends = timeNamedStatements(server.database.db);
process.on('message', (m: LagRequest | SeedRequest | AppendsRequest) => {
  if ('appends' in m) {
    const reply: AppendsReply = { appendsReply: m.appends, us: m.appends === 'read' ? appends.read() : [] };
    if (m.appends === 'reset') appends.reset();
    process.send?.(reply);
    return;
  }
  if ('seed' in m) {
    seedPlayers(server.database.db, server.clock, m.seed).then(
      (players) => process.send?.({ seeded: m.seed, players } satisfies SeedReply),
      (err: unknown) => process.send?.({ seeded: m.seed, error: String(err) } satisfies SeedReply),
    );
    return;
  }
  if (m?.lag === 'reset') histogram.reset();
  if (m?.lag === 'read' || m?.lag === 'reset') {
    const reply: LagReply = {
      lagReply: m.lag,
      p50Ms: histogram.percentile(50) / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
      cpuMs: cpuMs(process.cpuUsage()),
    };
    process.send?.(reply);
  }
});
announceReady({ baseUrl: server.baseUrl, url: server.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH });
exitWithParent(async () => {
  await busy?.stop();
  await server.stop();
});

/**
 * Times every named statement the server runs (on PostgreSQL and PGlite alike, named.ts): in the
 * move benchmarks that is each move's append with its commit, the database's part of a move,
 * measured where the server waits for it. Kept only from the first reset on, so a sustained run,
 * which never asks, does not pile them up.
 */
function timeNamedStatements(db: unknown): { reset(): void; read(): number[] } {
  const client = (db as { $client: { runNamed: RunNamed } }).$client;
  const run = client.runNamed.bind(client);
  let us: number[] | null = null;
  client.runNamed = async (...args) => {
    const start = process.hrtime.bigint();
    try {
      return await run(...args);
    } finally {
      us?.push(Number(process.hrtime.bigint() - start) / 1_000);
    }
  };
  return {
    reset: () => void (us = []),
    read: () => [...(us ?? [])],
  };
}
