import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analysisPlan, STANDARD_FEN, type AnalysisTier, type PlyAnalysis } from '@rush/domain';
import { parseConfig } from '../../apps/server/src/config.ts';
import { chooseEngine, EnginePool, EngineService } from '../../apps/server/src/modules/engine/index.ts';
import { analyseGame } from '../../apps/server/src/modules/fairplay/index.ts';
import { DEFAULT_SUSTAINED } from './play-sustained.ts';
import type { BenchResult } from './types.ts';

export interface FairplayBenchOptions {
  /** Real games (the domain's CC0 Lichess fixtures) analysed, as many at once as the pool has engines. */
  games: number;
  /** Whose search (analysisPlan): staked games get the full one, the heaviest. */
  tier: AnalysisTier;
}

export const DEFAULT_FAIRPLAY_BENCH: FairplayBenchOptions = { games: 4, tier: 'staked' };

const silent = { warn: () => {}, error: () => {} };
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const TICKS_PER_S = 100;

/**
 * CPU seconds the engine processes have used (user + system, /proc/<pid>/stat fields 14-15). On a
 * shared, loaded machine the wall clock measures the load as much as the engine; CPU time gives
 * what the analysis would do with its cores to itself. 0 where /proc is missing.
 */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended or no /proc
    }
  }
  return ticks / TICKS_PER_S;
}
const FIXTURES = fileURLToPath(new URL('../../packages/domain/src/fairplay/fixtures/human.json', import.meta.url));

/**
 * Issues 14, 35: games analysed per minute by the fair-play worker's analysis (analyseGame: one
 * search per position the rules read, book and forced moves skipped, at the tier's analysisPlan
 * from FAIRPLAY_DEPTH, as many games at once as the engine pool has processes, as each instance's
 * worker runs, on the engine the server would choose: STOCKFISH_PATH, else a native one found), against games finished per minute at the load of
 * the play-sustained benchmark (its top level of concurrent games at its mean think time, games
 * of the analysed games' mean length). A ratio of at least 1 keeps up on one instance; below 1,
 * instances running the worker (FAIRPLAY_WORKER) share the PostgreSQL queue (README).
 */
export async function fairplayAnalysis(opts: FairplayBenchOptions = DEFAULT_FAIRPLAY_BENCH): Promise<BenchResult> {
  const config = parseConfig({
    STOCKFISH_PATH: process.env.STOCKFISH_PATH,
    ENGINE_POOL_SIZE: process.env.ENGINE_POOL_SIZE,
    ENGINE_QUEUE_MAX: process.env.ENGINE_QUEUE_MAX,
    ENGINE_NICE: process.env.ENGINE_NICE,
    FAIRPLAY_DEPTH: process.env.FAIRPLAY_DEPTH,
  });
  const all = JSON.parse(fs.readFileSync(FIXTURES, 'utf8')) as Array<{ plies: PlyAnalysis[] }>;
  const games = all.slice(0, opts.games).map((g) => g.plies.map((p) => p.played));
  const meanPlies = games.reduce((a, g) => a + g.length, 0) / games.length;
  const plan = analysisPlan(opts.tier, config.fairplay.depth);
  const choice = chooseEngine(config.engine.stockfishPath);
  const pool = new EnginePool({
    command: { ...choice.command, nice: config.engine.nice },
    size: config.engine.poolSize,
    queueMax: config.engine.queueMax,
    log: silent,
  });
  const service = new EngineService(pool);
  let positions = 0;
  const engine: Pick<EngineService, 'analyseLines'> = {
    analyseLines: (fen, moves, o) => {
      positions++;
      return service.analyseLines(fen, moves, o);
    },
  };
  try {
    // Warm every process (not measured): start-up and the WebAssembly JIT.
    await Promise.all(Array.from({ length: pool.size }, () => service.analyseLines(STANDARD_FEN, [], plan)));
    let next = 0;
    let all = 0;
    const pids = pool.pids();
    const cpu0 = cpuSeconds(pids);
    const t0 = nowMs();
    await Promise.all(
      Array.from({ length: pool.size }, async () => {
        while (next < games.length) {
          const moves = games[next++]!;
          await analyseGame(engine, { initialFen: STANDARD_FEN, moves, moveTimes: [] }, { plan });
          all += moves.length + 1;
        }
      }),
    );
    const minutes = (nowMs() - t0) / 60_000;
    const cpuMinutes = (cpuSeconds(pids) - cpu0) / 60;
    const perCore = cpuMinutes > 0 ? (games.length / cpuMinutes) * pool.size : 0;
    const analysedPerMin = games.length / minutes;
    const concurrent = Math.max(...DEFAULT_SUSTAINED.levels);
    const thinkS = (DEFAULT_SUSTAINED.thinkMs[0] + DEFAULT_SUSTAINED.thinkMs[1]) / 2_000;
    const finishedPerMin = (concurrent * 60) / (meanPlies * thinkS);
    return {
      title:
        `fairplay-analysis: ${games.length} real games (mean ${meanPlies.toFixed(0)} plies), the ${opts.tier} plan (depth ${plan.depth} MultiPV ${plan.multipv}), ` +
        `${pool.size} engine(s) (${choice.name}), vs games finished at the play-sustained load (${concurrent} games, a ply every ${thinkS} s)`,
      columns: ['games/min', 'positions/s'],
      rows: [
        {
          label: 'games finished (play-sustained load)',
          values: [finishedPerMin, (finishedPerMin * (meanPlies + 1)) / 60],
        },
        { label: 'games analysed (one instance)', values: [analysedPerMin, positions / (minutes * 60)] },
      ],
      ratios: {
        label: 'analysed / finished',
        values: [analysedPerMin / finishedPerMin, analysedPerMin / finishedPerMin],
      },
      notes: [
        `positions searched: ${positions} of ${all} (book and forced moves skipped)`,
        `engine CPU time ${(cpuMinutes * 60).toFixed(1)} s over ${(minutes * 60).toFixed(1)} s: ` +
          `with its ${pool.size} core(s) to itself the analysis would run ${perCore.toFixed(1)} games/min, ` +
          `${(perCore / finishedPerMin).toFixed(2)}x the finished games (the wall-clock ratio above measures the machine's load too)`,
        analysedPerMin >= finishedPerMin
          ? 'one instance keeps up with the finished games'
          : `one instance does not keep up: about ${Math.ceil(finishedPerMin / analysedPerMin)} instances running the worker (FAIRPLAY_WORKER=true, the same PostgreSQL queue), or a native Stockfish (STOCKFISH_PATH or Debian's stockfish), or a lower FAIRPLAY_DEPTH; staked games go first (priority 0), rated games wait`,
      ],
    };
  } finally {
    await pool.close();
  }
}
