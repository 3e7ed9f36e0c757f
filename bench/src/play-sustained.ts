import { startChild, type ChildServer } from './support/child.ts';
import { playDbLabel, startPlayChild, type PlayChild, type LagReply } from './support/play-child.ts';
import { seedPlayers, type BenchPlayer } from './support/play-clients.ts';
import { movesLine } from '@rush/load';
import { summarize } from './support/stats.ts';
import { openRoundTripClient, type RoundTripClient } from './support/ws-roundtrip.ts';
import { LINE_PLIES, MoveDriver } from './play-move-roundtrip.ts';
import { cpuPerMove } from './support/cpu-per-move.ts';
import type { BenchResult } from './types.ts';

export interface SustainedOptions {
  /** Concurrent games per level, measured one level after the other. */
  levels: number[];
  /** How long each level plays. */
  durationMs: number;
  /** Thinking time before each move, uniform in [min, max] ms (blitz pace: about 2 s a move). */
  thinkMs: [number, number];
}

const GAMES_STARTED_AT_ONCE = 50;

export const DEFAULT_SUSTAINED: SustainedOptions = {
  levels: [25, 50, 100],
  durationMs: 15_000,
  thinkMs: [1_000, 3_000],
};

/** What one level of concurrent games gave: the move round trips (µs), the games held, moves/s. */
export interface LevelOutcome<T> {
  latencies: number[];
  /** Games that played the whole window with no refused or lost move. */
  held: number;
  /** Moves per second over the window. */
  rate: number;
  /** What `measure.end` read at the end of the window (the servers' own figures). */
  measured: T;
}

/**
 * One level of the sustained benchmark: `games` games between consecutive pairs of `players`
 * (started fifty at a time), each player moving after a think time drawn in `opts.thinkMs`, for
 * `opts.durationMs`. `measure.start` runs once every game has started, `measure.end` when the
 * window closes (before the games are resigned): where a caller resets and reads the servers'
 * own figures. Shared by play-sustained (one process) and cluster-load (through the balancer).
 */
export async function playLevel<T>(
  players: BenchPlayer[],
  games: number,
  line: string[],
  opts: Pick<SustainedOptions, 'durationMs' | 'thinkMs'>,
  measure: { start(): Promise<void>; end(): Promise<T> },
): Promise<LevelOutcome<T>> {
  if (players.length < 2 * games) throw new Error(`${games} games need ${2 * games} players, not ${players.length}`);
  const drivers = Array.from({ length: games }, (_, i) => new MoveDriver(players[2 * i]!, players[2 * i + 1]!, line));
  // Games start a batch at a time: thousands of invitations at once only time out connecting.
  for (let i = 0; i < drivers.length; i += GAMES_STARTED_AT_ONCE) {
    await Promise.all(drivers.slice(i, i + GAMES_STARTED_AT_ONCE).map((d) => d.restart()));
  }
  await measure.start();
  const end = Date.now() + opts.durationMs;
  const latencies: number[] = [];
  let failed = 0;
  const think = () => opts.thinkMs[0] + Math.random() * (opts.thinkMs[1] - opts.thinkMs[0]);
  await Promise.all(
    drivers.map(async (d) => {
      try {
        for (;;) {
          await new Promise((r) => setTimeout(r, think()));
          if (Date.now() >= end) return;
          latencies.push(await d.next());
        }
      } catch {
        failed++;
      }
    }),
  );
  const measured = await measure.end();
  await Promise.all(drivers.map((d) => d.finish().catch(() => undefined)));
  return { latencies, held: games - failed, rate: latencies.length / (opts.durationMs / 1_000), measured };
}

/**
 * Issue 4: sustained concurrent games from simulated clients (two sockets per game) moving at
 * blitz pace. Per level: the move round trip under load, the server's event-loop delay p99,
 * moves per second, the games held (games that played the whole window without a refused or
 * lost move) and the server process's CPU time per move (issue 35). Ratios compare the top level
 * with the idle raw ws echo (latency), the server's idle event-loop delay (lag), the pace the
 * clients asked for (moves/s), the games started, and the first level's CPU per move.
 */
export async function playSustained(opts: SustainedOptions = DEFAULT_SUSTAINED): Promise<BenchResult> {
  let raw: ChildServer | undefined;
  let play: PlayChild | undefined;
  let rawClient: RoundTripClient | undefined;
  const players: BenchPlayer[] = [];
  try {
    raw = await startChild(new URL('./servers/raw-echo-server.ts', import.meta.url));
    play = await startPlayChild();
    rawClient = await openRoundTripClient({ url: raw.url });
    const maxGames = Math.max(...opts.levels);
    players.push(...(await seedPlayers(play, 2 * maxGames)));
    const line = movesLine(LINE_PLIES);
    await rawClient.measure(200);
    const rawIdle = summarize(await rawClient.measure(1_000));
    await play.resetLag();
    await new Promise((r) => setTimeout(r, 2_000));
    const idleLag = await play.readLag();

    const rows: BenchResult['rows'] = [
      { label: 'raw ws echo (idle)', values: [rawIdle.p50 / 1_000, rawIdle.p99 / 1_000, idleLag.p99Ms, 0, 0, 0] },
    ];
    type Top = { p50: number; p99: number; lag: LagReply; rate: number; held: number; games: number; cpu: number };
    let top: Top | null = null;
    let firstCpu = 0;
    const server = play;
    for (const games of opts.levels) {
      let startCpuMs = 0;
      const {
        latencies,
        held,
        rate,
        measured: lag,
      } = await playLevel(players, games, line, opts, {
        start: async () => {
          await server.resetLag();
          startCpuMs = (await server.readLag()).cpuMs;
        },
        end: () => server.readLag(),
      });
      const s = summarize(latencies);
      const cpu = cpuPerMove(startCpuMs, lag.cpuMs, latencies.length);
      if (firstCpu === 0) firstCpu = cpu;
      rows.push({ label: `${games} games`, values: [s.p50 / 1_000, s.p99 / 1_000, lag.p99Ms, rate, held, cpu] });
      top = { p50: s.p50, p99: s.p99, lag, rate, held, games, cpu };
    }
    const meanThink = (opts.thinkMs[0] + opts.thinkMs[1]) / 2_000;
    return {
      title:
        `Sustained games: ${opts.levels.join(', ')} concurrent games for ${opts.durationMs / 1_000} s each, ` +
        `a move every ${opts.thinkMs[0] / 1_000}-${opts.thinkMs[1] / 1_000} s per game (blitz pace), real server in a child process (${playDbLabel()})`,
      columns: ['move p50 (ms)', 'move p99 (ms)', 'loop lag p99 (ms)', 'moves/s', 'games held', 'CPU/move (ms)'],
      rows,
      ratios: {
        label: `${top?.games ?? 0} games / idle`,
        values: top
          ? [
              top.p50 / rawIdle.p50,
              top.p99 / rawIdle.p99,
              top.lag.p99Ms / idleLag.p99Ms,
              top.rate / (top.games / meanThink),
              top.held / top.games,
              firstCpu > 0 ? top.cpu / firstCpu : 0,
            ]
          : [0, 0, 0, 0, 0, 0],
      },
    };
  } finally {
    rawClient?.close();
    for (const p of players) p.close();
    await Promise.all([raw?.stop(), play?.stop()]);
  }
}
