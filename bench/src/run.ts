import { botMove, DEFAULT_BOT_MOVE } from './bot-move.ts';
import { clusterLoad, DEFAULT_CLUSTER_LOAD } from './cluster-load.ts';
import { DEFAULT_FAIRPLAY_BENCH, fairplayAnalysis } from './fairplay-analysis.ts';
import { ledgerThroughput } from './ledger-throughput.ts';
import { DEFAULT_MATCHMAKING, matchmakingLatency } from './matchmaking-latency.ts';
import { DEFAULT_FANOUT, playFanout } from './play-fanout.ts';
import { playMoveRoundTrip } from './play-move-roundtrip.ts';
import { DEFAULT_PUZZLES_NEXT, puzzlesNext } from './puzzles-next.ts';
import { DEFAULT_SUSTAINED, playSustained } from './play-sustained.ts';
import { realtimeRoundTrip } from './realtime-roundtrip.ts';
import { DEFAULT_SOCKET_FLOOD, socketFlood } from './socket-flood.ts';
import { formatResult } from './report.ts';
import { DEFAULT_WEB_VITALS, webVitals } from './web-vitals.ts';
import type { Benchmark } from './types.ts';

/**
 * `npm run bench [-- name...] [--samples=N] [--warmup=N]`: runs the benchmarks (all, or those
 * named) one after the other and prints each one's table. Bounded: every benchmark has a fixed
 * amount of work and the whole run a deadline, after which it fails instead of hanging.
 */
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
};
/** `--fairplay-tier=staked|rated|casual`: whose analysis plan the fair-play benchmark runs. */
const tierFlag = () => {
  const raw = args.find((a) => a.startsWith('--fairplay-tier='))?.split('=')[1] ?? DEFAULT_FAIRPLAY_BENCH.tier;
  if (raw !== 'staked' && raw !== 'rated' && raw !== 'casual')
    throw new Error('--fairplay-tier must be staked, rated or casual');
  return raw;
};
/** `--name=25,50,100`: a list of positive integers (the levels of a load benchmark). */
const levels = (name: string, fallback: number[]) => {
  const raw = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  if (raw === undefined) return fallback;
  const out = raw.split(',').map(Number);
  if (out.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`--${name} must be positive integers, comma-separated`);
  return out;
};
const samples = flag('samples', 5_000);
const warmup = flag('warmup', 500);
const deadlineMs = flag('deadline-ms', 10 * 60_000);

// PostgreSQL for the ledger baseline (pgbench needs a server): BENCH_DATABASE_URL, else the test server's.
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const transfers = flag('transfers', 500);

const benchmarks: Benchmark[] = [
  { name: 'realtime-roundtrip', run: () => realtimeRoundTrip({ samples, warmup }) },
  { name: 'ledger-throughput', run: () => ledgerThroughput({ clients: 8, perClient: transfers, postgresUrl }) },
  {
    name: 'play-move-roundtrip',
    run: () => playMoveRoundTrip({ samples: Math.min(samples, 2_000), warmup: Math.min(warmup, 200) }),
  },
  {
    name: 'play-sustained',
    run: () =>
      playSustained({
        ...DEFAULT_SUSTAINED,
        durationMs: flag('play-window-ms', DEFAULT_SUSTAINED.durationMs),
        levels: levels('play-levels', DEFAULT_SUSTAINED.levels),
      }),
  },
  {
    name: 'cluster-load',
    run: () =>
      clusterLoad({
        ...DEFAULT_CLUSTER_LOAD,
        durationMs: flag('cluster-window-ms', DEFAULT_CLUSTER_LOAD.durationMs),
        levels: levels('cluster-levels', DEFAULT_CLUSTER_LOAD.levels),
        instances: levels('cluster-instances', DEFAULT_CLUSTER_LOAD.instances),
      }),
  },
  {
    name: 'matchmaking-latency',
    run: () => matchmakingLatency({ ...DEFAULT_MATCHMAKING, matches: flag('matches', DEFAULT_MATCHMAKING.matches) }),
  },
  {
    name: 'play-fanout',
    run: () => playFanout({ ...DEFAULT_FANOUT, spectators: flag('spectators', DEFAULT_FANOUT.spectators) }),
  },
  {
    name: 'puzzles-next',
    run: () =>
      puzzlesNext({
        ...DEFAULT_PUZZLES_NEXT,
        samples: Math.min(samples, DEFAULT_PUZZLES_NEXT.samples),
        warmup: Math.min(warmup, DEFAULT_PUZZLES_NEXT.warmup),
      }),
  },
  {
    name: 'bot-move',
    run: () =>
      botMove({
        ...DEFAULT_BOT_MOVE,
        windowMs: flag('bot-window-ms', DEFAULT_BOT_MOVE.windowMs),
        positions: flag('analysis-positions', DEFAULT_BOT_MOVE.positions),
      }),
  },
  {
    name: 'socket-flood',
    run: () =>
      socketFlood({
        ...DEFAULT_SOCKET_FLOOD,
        sockets: flag('flood-sockets', DEFAULT_SOCKET_FLOOD.sockets),
        windowMs: flag('flood-window-ms', DEFAULT_SOCKET_FLOOD.windowMs),
      }),
  },
  { name: 'web-vitals', run: () => webVitals({ runs: flag('web-runs', DEFAULT_WEB_VITALS.runs) }) },
  {
    name: 'fairplay-analysis',
    run: () =>
      fairplayAnalysis({
        games: flag('fairplay-games', DEFAULT_FAIRPLAY_BENCH.games),
        tier: tierFlag(),
      }),
  },
];

const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !benchmarks.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;

const deadline = setTimeout(() => {
  console.error(`benchmarks did not finish within ${deadlineMs} ms`);
  process.exit(1);
}, deadlineMs);
deadline.unref();

let failed = false;
for (const bench of selected) {
  try {
    const results = await bench.run();
    for (const result of Array.isArray(results) ? results : [results]) console.log(`\n${formatResult(result)}`);
  } catch (err) {
    failed = true;
    console.error(`${bench.name} failed:`, err);
  }
}
process.exitCode = failed ? 1 : 0;
