import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { REALTIME_PATH } from '@rush/protocol';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { Cluster, movesLine, seedPlayers, type SeededPlayer } from '@rush/load';
import { LINE_PLIES, MoveDriver } from './play-move-roundtrip.ts';
import { playLevel, type SustainedOptions } from './play-sustained.ts';
import { startChild, type ChildServer } from './support/child.ts';
import { BenchPlayer, connectPlayers } from './support/play-clients.ts';
import { CpuWindow, type ProcessGroup } from './support/proc-cpu.ts';
import { sampleValue, scrape } from './support/prometheus.ts';
import { summarize, type LatencySummary } from './support/stats.ts';
import { openRoundTripClient, type RoundTripClient } from './support/ws-roundtrip.ts';
import type { BenchResult } from './types.ts';

export interface ClusterLoadOptions extends SustainedOptions {
  /** Instance counts, each on a cluster of its own (fresh database, Redis, HAProxy). */
  instances: number[];
  /** The latency goal: the largest level whose move p99 is under this many times the echo's p99. */
  p99Limit: number;
}

export const DEFAULT_CLUSTER_LOAD: ClusterLoadOptions = {
  instances: [1, 3],
  levels: [25, 100, 250, 500],
  durationMs: 15_000,
  thinkMs: [1_000, 3_000],
  p99Limit: 5,
};

/** Every instance's settings: no background work the benchmark does not measure, no rate limit in the way. */
const INSTANCE_ENV: Record<string, string> = {
  PUZZLES_AUTO_IMPORT: 'false',
  FAIRPLAY_WORKER: 'false',
  RATE_LIMIT_READ_PER_MIN: '1000000',
  RATE_LIMIT_WRITE_PER_MIN: '1000000',
  RATE_LIMIT_STRICT_PER_MIN: '1000000',
  LOG_LEVEL: 'warn',
};

/** What each instance's /metrics said at the end of a window (its loop delay histogram resets at each scrape). */
interface InstanceFigures {
  lagP99Ms: number;
  sockets: number;
}

interface LevelRow {
  games: number;
  held: number;
  move: LatencySummary;
  rate: number;
  instances: InstanceFigures[];
  clientLagP99Ms: number;
  cores: Map<string, number>;
  processes: Map<string, number>;
}

/** Moves of one game alone, measured after 20 warm-up moves: the unloaded move of the cluster. */
const IDLE_MOVES = 200;

const CPU_GROUPS = ['instances', 'PostgreSQL', 'Redis', 'HAProxy', 'bench clients', 'machine'] as const;

/**
 * Issue 18: the sustained games of play-sustained (two sockets a game, blitz pace, the same
 * driver) through HAProxy against a cluster of N instances on PostgreSQL and Redis, for each N.
 * Per level: games held, the move round trip p50/p99 and their ratios to the raw ws echo of the
 * same run, each instance's event-loop delay p99 and sockets (its own /metrics), moves/s, and the
 * CPU each part of the deployment used over the window (/proc), which says what bounds it.
 */
export async function clusterLoad(opts: ClusterLoadOptions = DEFAULT_CLUSTER_LOAD): Promise<BenchResult[]> {
  let raw: ChildServer | undefined;
  let rawClient: RoundTripClient | undefined;
  const results: BenchResult[] = [];
  const cpuRows: BenchResult['rows'] = [];
  const summary: string[] = [];
  let counted: string[] = [];
  try {
    raw = await startChild(new URL('./servers/raw-echo-server.ts', import.meta.url));
    rawClient = await openRoundTripClient({ url: raw.url });
    for (const n of opts.instances) {
      const loadBefore = os.loadavg();
      const resentBefore = BenchPlayer.resent;
      const { table, rows, echo, idleMove } = await onCluster(n, opts, rawClient);
      const loadAfter = os.loadavg();
      const largest = (baseline: LatencySummary) => {
        const best = rows.filter((r) => r.held === r.games && r.move.p99 < opts.p99Limit * baseline.p99).at(-1);
        return best
          ? `${best.games} games (p99 ${ms(best.move.p99)} ms, ${(best.move.p99 / baseline.p99).toFixed(1)}x)`
          : `none of ${opts.levels.join(', ')} (the smallest's p99 is ${(rows[0]!.move.p99 / baseline.p99).toFixed(1)}x)`;
      };
      const plural = `${n} instance${n === 1 ? '' : 's'}`;
      summary.push(
        `${plural}: largest level held with move p99 under ${opts.p99Limit}x the echo: ${largest(echo)}; ` +
          `under ${opts.p99Limit}x the lone game's: ${largest(idleMove)}`,
      );
      table.notes = [
        `raw ws echo (same run, idle cluster): p50 ${ms(echo.p50, 3)} ms, p99 ${ms(echo.p99, 3)} ms`,
        `one game alone through the balancer (${IDLE_MOVES} moves): p50 ${ms(idleMove.p50)} ms (${(idleMove.p50 / echo.p50).toFixed(1)}x the echo), ` +
          `p99 ${ms(idleMove.p99)} ms (${(idleMove.p99 / echo.p99).toFixed(1)}x)`,
        `largest level held with move p99 under ${opts.p99Limit}x the echo's: ${largest(echo)}`,
        `largest level held with move p99 under ${opts.p99Limit}x the lone game's: ${largest(idleMove)}`,
        `game starts' POSTs sent again after the balancer closed their idle kept-alive connection: ${BenchPlayer.resent - resentBefore}`,
        `load average before/after (1, 5, 15 min): ${fmtLoad(loadBefore)} / ${fmtLoad(loadAfter)} on ${os.availableParallelism()} cores`,
      ];
      results.push(table);
      for (const r of rows)
        cpuRows.push({
          label: `${n} inst, ${r.games} games`,
          values: CPU_GROUPS.map((g) => 100 * (r.cores.get(g) ?? 0)),
        });
      const last = rows.at(-1)!;
      counted = CPU_GROUPS.filter((g) => g !== 'machine').map((g) => `${g} ${last.processes.get(g) ?? 0}`);
    }
  } finally {
    rawClient?.close();
    await raw?.stop();
  }
  const last = cpuRows.at(-1);
  const machine = last?.values.at(-1) ?? 0;
  results.push({
    title:
      `Cluster load: CPU used over each window, in % of one core (CPU seconds / wall seconds, from /proc; ` +
      `the machine has ${os.availableParallelism()} cores, so ${100 * os.availableParallelism()}% is all of it); ` +
      `PostgreSQL counts the backends of the cluster's database, machine everything running, other work included`,
    columns: CPU_GROUPS.map((g) => g),
    rows: cpuRows,
    ratios: {
      label: 'last row / machine',
      values: last ? last.values.map((v) => (machine > 0 ? v / machine : 0)) : [],
    },
    notes: [`processes counted in the last window: ${counted.join(', ')}`, ...summary],
  });
  return results;
}

async function onCluster(
  n: number,
  opts: ClusterLoadOptions,
  rawClient: RoundTripClient,
): Promise<{ table: BenchResult; rows: LevelRow[]; echo: LatencySummary; idleMove: LatencySummary }> {
  let cluster: Cluster | undefined;
  let database: Database | undefined;
  let players: BenchPlayer[] = [];
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  try {
    cluster = await Cluster.start({ instances: n, env: INSTANCE_ENV });
    const c = cluster;
    database = await openDatabase({ kind: 'postgres', url: c.databaseUrl, poolSize: 4 });
    const db = database.db;
    // Four writers at once: a thousand players in seconds.
    const count = 2 * Math.max(...opts.levels);
    const seeded: SeededPlayer[] = (
      await Promise.all(Array.from({ length: 4 }, (_, i) => seedPlayers(db, systemClock, share(count, 4, i))))
    ).flat();
    const wsUrl = c.url.replace(/^http/, 'ws') + REALTIME_PATH;
    const metrics = () =>
      Promise.all(
        c.instances.map(async (inst) => {
          const s = await scrape(`http://127.0.0.1:${inst.metricsPort}/metrics`);
          return {
            lagP99Ms: sampleValue(s, 'nodejs_eventloop_lag_p99_seconds') * 1_000,
            sockets: sampleValue(s, 'realtime_sockets'),
          } satisfies InstanceFigures;
        }),
      );
    const groups = processGroups(c);
    const line = movesLine(LINE_PLIES);

    // Baselines on the idle cluster: the raw echo, and each instance's and the clients' loop delay.
    await rawClient.measure(200);
    const echo = summarize(await rawClient.measure(1_000));
    clientLag.enable();
    await metrics();
    clientLag.reset();
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = await metrics();
    const idleClientLagMs = clientLag.percentile(99) / 1e6;
    // The move round trip of one game alone through the balancer (what a move costs unloaded).
    players = await connectPlayers(c.url, wsUrl, seeded.slice(0, 2));
    const lone = new MoveDriver(players[0]!, players[1]!, line);
    const loneMoves: number[] = [];
    for (let i = 0; i < 20 + IDLE_MOVES; i++) loneMoves.push(await lone.next());
    await lone.finish();
    const idleMove = summarize(loneMoves.slice(20));
    for (const p of players) p.close();

    const rows: LevelRow[] = [];
    for (const games of opts.levels) {
      players = await connectPlayers(c.url, wsUrl, seeded.slice(0, 2 * games));
      const cpu = new CpuWindow(groups);
      const outcome = await playLevel(players, games, line, opts, {
        start: async () => {
          await metrics();
          clientLag.reset();
          cpu.start();
        },
        end: async () => {
          const { cores, processes } = cpu.read();
          const clientLagP99Ms = clientLag.percentile(99) / 1e6;
          return { cores, processes, clientLagP99Ms, instances: await metrics() };
        },
      });
      for (const p of players) p.close();
      players = [];
      const { cores, processes, clientLagP99Ms, instances } = outcome.measured;
      // Progress on stderr: the tables come at the end of a run of several minutes.
      console.error(
        `cluster-load: ${n} instance(s), ${games} games: ${outcome.held} held, ` +
          `move p99 ${ms(summarize(outcome.latencies).p99)} ms, ${outcome.rate.toFixed(1)} moves/s`,
      );
      rows.push({
        games,
        held: outcome.held,
        move: summarize(outcome.latencies),
        rate: outcome.rate,
        instances,
        clientLagP99Ms,
        cores,
        processes,
      });
    }

    const each = (name: string) => c.instances.map((_, i) => `${name} #${i + 1}`);
    const top = rows.at(-1)!;
    const meanThinkS = (opts.thinkMs[0] + opts.thinkMs[1]) / 2_000;
    const table: BenchResult = {
      title:
        `Cluster load: ${n} instance${n === 1 ? '' : 's'} behind HAProxy (deploy/haproxy.cfg, leastconn) on PostgreSQL and Redis; ` +
        `${opts.levels.join(', ')} concurrent games for ${opts.durationMs / 1_000} s each, a move every ` +
        `${opts.thinkMs[0] / 1_000}-${opts.thinkMs[1] / 1_000} s per game, two sockets a game through the balancer`,
      columns: [
        'held',
        'move p50 (ms)',
        'move p99 (ms)',
        'p50/echo',
        'p99/echo',
        ...each('lag p99 (ms)'),
        ...each('sockets'),
        'moves/s',
        'client lag p99 (ms)',
      ],
      rows: rows.map((r) => ({
        label: `${r.games} games`,
        values: [
          r.held,
          r.move.p50 / 1_000,
          r.move.p99 / 1_000,
          r.move.p50 / echo.p50,
          r.move.p99 / echo.p99,
          ...r.instances.map((i) => i.lagP99Ms),
          ...r.instances.map((i) => i.sockets),
          r.rate,
          r.clientLagP99Ms,
        ],
      })),
      // The top level against its baselines: games started, the echo, each instance's idle loop
      // delay, an even share of the sockets, the pace asked for, the clients' idle loop delay.
      ratios: {
        label: `${top.games} games / baseline`,
        values: [
          top.held / top.games,
          top.move.p50 / echo.p50,
          top.move.p99 / echo.p99,
          top.move.p50 / echo.p50,
          top.move.p99 / echo.p99,
          ...top.instances.map((inst, i) => inst.lagP99Ms / idle[i]!.lagP99Ms),
          ...top.instances.map((inst) => inst.sockets / ((2 * top.games) / n)),
          top.rate / (top.games / meanThinkS),
          top.clientLagP99Ms / idleClientLagMs,
        ],
      },
    };
    return { table, rows, echo, idleMove };
  } finally {
    clientLag.disable();
    for (const p of players) p.close();
    await database?.close();
    await cluster?.stop();
  }
}

/** The processes of a cluster, for the CPU table (pids and command lines as ps shows them). */
function processGroups(cluster: Cluster): ProcessGroup[] {
  const database = decodeURIComponent(new URL(cluster.databaseUrl).pathname.slice(1));
  const redisPort = new URL(cluster.redisUrl).port;
  const instancePids = new Set(cluster.instances.map((i) => i.pid));
  return [
    { name: 'instances', match: (pid) => instancePids.has(pid) },
    // A backend's title: "postgres: 15/main: postgres <database> 127.0.0.1(port) idle".
    { name: 'PostgreSQL', match: (_, cmd) => cmd.startsWith('postgres:') && cmd.includes(` ${database} `) },
    { name: 'Redis', match: (_, cmd) => cmd.startsWith('redis-server') && cmd.endsWith(`:${redisPort}`) },
    { name: 'HAProxy', match: (_, cmd) => cmd.startsWith('haproxy') && cmd.includes(cluster.dir) },
    { name: 'bench clients', match: (pid) => pid === process.pid },
  ];
}

/** The i-th of `parts` near-equal shares of `total`. */
const share = (total: number, parts: number, i: number) => Math.floor(total / parts) + (i < total % parts ? 1 : 0);

/** Microseconds as milliseconds. */
const ms = (us: number, digits = 1) => (us / 1_000).toFixed(digits);

const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
