import fs from 'node:fs';
import path from 'node:path';
import { Chess } from 'chess.js';
import { BOT_STRENGTH, botMoveTimeMs, type BotLevel } from '@rush/domain';
import { parseConfig } from '../../apps/server/src/config.ts';
import { DEFAULT_BOTS_OPTIONS } from '../../apps/server/src/modules/bots/index.ts';
import {
  EngineBusyError,
  EnginePool,
  EngineService,
  engineCommand,
  type PositionAnalysis,
} from '../../apps/server/src/modules/engine/index.ts';
import { summarize } from './support/stats.ts';
import type { BenchResult } from './types.ts';

export interface BotMoveOptions {
  /** Concurrent bot games per level, measured one level after the other on the same pool. */
  levels: number[];
  /** How long each level asks for moves (every game back to back). */
  windowMs: number;
  /** The bot level whose strength settings and move time are used. */
  level: BotLevel;
  /** Analysis depth and how many positions of the fixed set are analysed per build. */
  depth: number;
  positions: number;
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** A bot game's clock long enough that the level's move time applies (bot_000002: 10 minutes). */
const CLOCK = { remainingMs: 10 * 60_000, incrementMs: 0 };
/** A self-play game is started again after this many plies (or at its end: mate, draw). */
const MAX_PLIES = 160;
/** The goal of issue 13: p99 at most the move time plus this, as long as games <= engines. */
const GOAL_MARGIN_MS = 50;

/**
 * Analysis positions: the middlegames and endgames of Stockfish's own `bench` set
 * (src/benchmark.cpp), fixed so that runs and builds compare on the same work.
 */
const ANALYSIS_FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11',
  '4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19',
  'rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14',
  'r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14',
  'r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15',
  'r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13',
  'r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16',
  '4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17',
  '2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11',
  'r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16',
  '3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22',
  'r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18',
  '4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22',
  '3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26',
  '6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1',
  '3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1',
  '2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1',
];

export const DEFAULT_BOT_MOVE: BotMoveOptions = {
  levels: [1, 4, 16],
  windowMs: 20_000,
  level: 'low',
  depth: 12,
  positions: ANALYSIS_FENS.length,
};

const silent = { warn: () => {}, error: () => {} };
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** The engine pool exactly as the server builds it (app.ts), from the server's own config logic. */
function engineConfig() {
  return parseConfig({
    STOCKFISH_PATH: process.env.STOCKFISH_PATH,
    ENGINE_POOL_SIZE: process.env.ENGINE_POOL_SIZE,
    ENGINE_QUEUE_MAX: process.env.ENGINE_QUEUE_MAX,
    ENGINE_NICE: process.env.ENGINE_NICE,
  }).engine;
}

function newService(stockfishPath: string | undefined, size: number, queueMax: number) {
  const pool = new EnginePool({ command: engineCommand(stockfishPath), size, queueMax, log: silent });
  return { pool, service: new EngineService(pool) };
}

/**
 * An executable file that is not the npm package's own `stockfish` script (npm puts
 * node_modules/.bin on the PATH of `npm run`, so `which stockfish` would find the npm build).
 */
const isNativeExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    const real = fs.realpathSync(file);
    return fs.statSync(real).isFile() && !real.split(path.sep).includes('node_modules');
  } catch {
    return false;
  }
};

/** A native Stockfish: STOCKFISH_PATH, then Debian's places, then the PATH (as `which` would). */
export function findNativeStockfish(): string | undefined {
  const candidates = [
    process.env.STOCKFISH_PATH,
    '/usr/games/stockfish',
    '/usr/bin/stockfish',
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'stockfish')),
  ];
  return candidates.find((c): c is string => !!c && isNativeExecutable(c));
}

/**
 * One self-play bot game: the bot (at the benchmark's level) plays both sides from the start
 * position, asking the engine service exactly as the bots module does (the game's initial FEN
 * and its moves so far), and starts over at mate, a draw or MAX_PLIES.
 */
class SelfPlayGame {
  private board = new Chess();
  private moves: string[] = [];

  constructor(
    private readonly engine: EngineService,
    private readonly level: BotLevel,
  ) {}

  /** Asks for the bot's move until the pool takes it; answers the wait and the refusals. */
  async next(nextSweep: () => Promise<void>): Promise<{ ms: number; refused: number }> {
    if (this.board.isGameOver() || this.moves.length >= MAX_PLIES) this.restart();
    const t0 = nowMs();
    let refused = 0;
    for (;;) {
      try {
        const uci = await this.engine.botMove(START, this.moves, this.level, CLOCK);
        const ms = nowMs() - t0;
        if (uci === null) this.restart();
        else this.play(uci);
        return { ms, refused };
      } catch (err) {
        if (!(err instanceof EngineBusyError)) throw err;
        // The bots module gives the turn back and its sweep (every DEFAULT_BOTS_OPTIONS.sweepEveryMs) asks again.
        refused++;
        await nextSweep();
      }
    }
  }

  private play(uci: string): void {
    // Throws on an illegal move: the benchmark fails rather than measuring a broken line.
    this.board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    this.moves.push(uci);
  }

  private restart(): void {
    this.board = new Chess();
    this.moves = [];
  }
}

/** A tick every `everyMs` that refused turns wait for, as the bots module's sweep job. */
function sweepTicker(everyMs: number) {
  let waiters: Array<() => void> = [];
  const timer = setInterval(() => {
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  }, everyMs);
  return {
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    stop: () => clearInterval(timer),
  };
}

interface LevelResult {
  games: number;
  p50: number;
  p99: number;
  samples: number;
  /** Fewest and most moves one game got (fairness between games when the pool is oversubscribed). */
  perGame: [number, number];
  movesPerSecond: number;
  refused: number;
}

async function measureLevel(engine: EngineService, games: number, opts: BotMoveOptions): Promise<LevelResult> {
  const sweep = sweepTicker(DEFAULT_BOTS_OPTIONS.sweepEveryMs);
  try {
    const players = Array.from({ length: games }, () => new SelfPlayGame(engine, opts.level));
    const latencies: number[] = [];
    let refused = 0;
    const t0 = nowMs();
    const end = t0 + opts.windowMs;
    const perGame = await Promise.all(
      players.map(async (p) => {
        let moves = 0;
        while (nowMs() < end) {
          const r = await p.next(sweep.next);
          latencies.push(r.ms);
          refused += r.refused;
          moves++;
        }
        return moves;
      }),
    );
    const elapsedS = (nowMs() - t0) / 1_000;
    const s = summarize(latencies);
    return {
      games,
      p50: s.p50,
      p99: s.p99,
      samples: s.samples,
      perGame: [Math.min(...perGame), Math.max(...perGame)],
      movesPerSecond: s.samples / elapsedS,
      refused,
    };
  } finally {
    sweep.stop();
  }
}

/** Positions per second of EngineService.analyse at a depth, the pool's engines all busy. */
async function analysisThroughput(
  stockfishPath: string | undefined,
  poolSize: number,
  queueMax: number,
  fens: readonly string[],
  depth: number,
): Promise<{ perSecond: number; meanMs: number; shallow: number }> {
  const { pool, service } = newService(stockfishPath, poolSize, queueMax);
  try {
    // Start and warm every process first (not measured): the start position (not in the set) at
    // the same depth, all at once, so the WebAssembly build's JIT has compiled the search.
    await Promise.all(Array.from({ length: pool.size }, () => service.analyse(START, depth)));
    let next = 0;
    let shallow = 0;
    const times: number[] = [];
    const t0 = nowMs();
    await Promise.all(
      Array.from({ length: pool.size }, async () => {
        while (next < fens.length) {
          const fen = fens[next++]!;
          const s = nowMs();
          const a: PositionAnalysis = await service.analyse(fen, depth);
          times.push(nowMs() - s);
          if (a.depth < depth || a.bestMove === null) shallow++;
        }
      }),
    );
    const seconds = (nowMs() - t0) / 1_000;
    return { perSecond: fens.length / seconds, meanMs: summarize(times).mean, shallow };
  } finally {
    await pool.close();
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Issue 13: bot move latency through the engine service as the server configures it (the npm
 * build by default, STOCKFISH_PATH if set; ENGINE_POOL_SIZE / ENGINE_QUEUE_MAX or their
 * defaults), with 1, 4 and 16 self-play games asking back to back, as a ratio to the level's
 * configured move time; and analysis throughput at depth 12 of the npm build and of a native
 * binary when one is installed, in the same run (ratio native / npm).
 */
export async function botMove(opts: BotMoveOptions = DEFAULT_BOT_MOVE): Promise<BenchResult[]> {
  for (const fen of ANALYSIS_FENS) new Chess(fen); // throws on a bad FEN before any engine starts
  const config = engineConfig();
  const moveTimeMs = botMoveTimeMs(opts.level, CLOCK.remainingMs, CLOCK.incrementMs);
  const strength = BOT_STRENGTH[opts.level];
  const engineName = config.stockfishPath ?? 'npm stockfish 19 lite single-threaded (under Node)';
  const sizeSource = process.env.ENGINE_POOL_SIZE ? 'ENGINE_POOL_SIZE' : 'default: cores';

  // 1. Bot move latency.
  const { pool, service } = newService(config.stockfishPath, config.poolSize, config.queueMax);
  const levels: LevelResult[] = [];
  let replaced: number;
  try {
    // Start every engine first (not measured), as a server that has played a bot game before.
    await Promise.all(Array.from({ length: pool.size }, () => service.botMove(START, [], opts.level, CLOCK)));
    for (const games of opts.levels) levels.push(await measureLevel(service, games, opts));
    replaced = pool.replaced;
  } finally {
    await pool.close();
  }

  const goalMs = moveTimeMs + GOAL_MARGIN_MS;
  const within = levels.filter((l) => l.games <= config.poolSize);
  const beyond = levels.filter((l) => l.games > config.poolSize);
  const goalParts = within.map(
    (l) =>
      `${plural(l.games, 'game', 'games')} p99 ${l.p99.toFixed(0)} ms: ` +
      (l.p99 <= goalMs ? 'pass' : `over by ${(l.p99 - goalMs).toFixed(0)} ms`),
  );
  if (beyond.length > 0) {
    goalParts.push(
      `${beyond.map((l) => l.games).join(', ')} games are beyond the pool size (moves wait their turn in the queue), ` +
        'not part of the goal',
    );
  }
  const latency: BenchResult = {
    title:
      `bot-move: bot move latency (EngineService.botMove, ${strength.label}: UCI_Elo ${strength.uciElo}, movetime ${moveTimeMs} ms), ` +
      `self-play from the start position, ${opts.levels.join(', ')} concurrent games asking back to back for ${opts.windowMs / 1_000} s each; ` +
      `engine: ${engineName}, pool of ${config.poolSize} (${sizeSource}), queue ${config.queueMax}`,
    columns: levels.flatMap((l) => [
      `${plural(l.games, 'game', 'games')} p50`,
      `${plural(l.games, 'game', 'games')} p99`,
    ]),
    rows: [
      { label: 'bot move (ms)', values: levels.flatMap((l) => [l.p50, l.p99]) },
      { label: 'over movetime (ms)', values: levels.flatMap((l) => [l.p50 - moveTimeMs, l.p99 - moveTimeMs]) },
    ],
    ratios: {
      label: `bot move / movetime (${moveTimeMs} ms)`,
      values: levels.flatMap((l) => [l.p50 / moveTimeMs, l.p99 / moveTimeMs]),
    },
    notes: [
      `samples: ${levels.map((l) => l.samples).join(', ')} (moves per game, fewest-most: ${levels.map((l) => `${l.perGame[0]}-${l.perGame[1]}`).join(', ')}); bot moves/s: ${levels.map((l) => l.movesPerSecond.toFixed(1)).join(', ')} ` +
        `(at most ${((config.poolSize * 1_000) / moveTimeMs).toFixed(1)} for ${plural(config.poolSize, 'engine', 'engines')})`,
      `refused (queue full; asked again at the next ${DEFAULT_BOTS_OPTIONS.sweepEveryMs} ms sweep, as the bots module does, the wait included above): ` +
        `${levels.map((l) => l.refused).join(', ')}; engines replaced: ${replaced}`,
      `goal: p99 <= movetime + ${GOAL_MARGIN_MS} ms = ${goalMs} ms up to the pool size (${config.poolSize}): ` +
        (goalParts.length > 0 ? goalParts.join('; ') : 'no level measured') +
        ' (information, not an assertion)',
    ],
  };

  // 2. Analysis throughput, the npm build and a native binary in the same run.
  const fens = ANALYSIS_FENS.slice(0, Math.min(opts.positions, ANALYSIS_FENS.length));
  const npm = await analysisThroughput(undefined, config.poolSize, config.queueMax, fens, opts.depth);
  const nativePath = findNativeStockfish();
  const native = nativePath
    ? await analysisThroughput(nativePath, config.poolSize, config.queueMax, fens, opts.depth)
    : null;
  const shallow = npm.shallow + (native?.shallow ?? 0);
  const analysis: BenchResult = {
    title:
      `bot-move: analysis throughput (EngineService.analyse at depth ${opts.depth}, ${fens.length} positions from Stockfish's bench set, ` +
      `pool of ${config.poolSize} per build, same run)`,
    columns: ['positions/s', 'mean ms/position'],
    rows: [
      { label: 'npm build (stockfish 19 lite single-threaded)', values: [npm.perSecond, npm.meanMs] },
      ...(native ? [{ label: `native ${nativePath}`, values: [native.perSecond, native.meanMs] }] : []),
    ],
    ratios: native
      ? { label: 'native / npm', values: [native.perSecond / npm.perSecond] }
      : {
          label: 'native / npm: no native binary installed',
          values: [],
        },
    notes: [
      native
        ? `native binary: ${nativePath}; the npm build is Stockfish 19 lite, a native one may be another version (a different search at the same depth)`
        : 'native binary looked for in STOCKFISH_PATH, /usr/games/stockfish, /usr/bin/stockfish, then the PATH (node_modules excluded)',
      shallow === 0
        ? `every analysis reached depth ${opts.depth}`
        : `${shallow} analyses stopped short of depth ${opts.depth} (the pool's depth deadline)`,
    ],
  };
  return [latency, analysis];
}
