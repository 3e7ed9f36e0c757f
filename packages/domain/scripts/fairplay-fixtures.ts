/* eslint-disable no-restricted-imports -- a developer script, not domain code: it reads files and runs the engine. */
/**
 * Builds the fair-play fixtures (packages/domain/src/fairplay/fixtures/*.json): games analysed the
 * way the server analyses them (Stockfish, depth 10, MultiPV 3, before every move; the evaluation
 * after a move is the next position's evaluation, negated), stored as PlyAnalysis[] per game so
 * the fixture test stays pure and fast.
 *
 *   node --import tsx packages/domain/scripts/fairplay-fixtures.ts human <games.pgn> [count]
 *   node --import tsx packages/domain/scripts/fairplay-fixtures.ts engine [count] [k,k,...]
 *
 * (with a list of game numbers, only those engine games are played again, the others kept)
 *
 * human: real games with [%clk] comments (move times from the clock readings and the increment).
 * engine: Stockfish plays itself from the first 8 plies of the human fixtures' openings (so the
 * games differ), in turn at `go depth 12`, `go nodes 80000`, `go depth 16` (deeper than the
 * analysis, so it often prefers other moves) and `go nodes 40000` (no `movetime`: on a shared,
 * loaded machine a time limit gives a weaker engine than it says, and games nobody can replay), to at most 140 plies; half the
 * games get near-constant simulated move times (2 s ± 150 ms, a bot relay), half spread ones
 * (0.5-9 s, a careful cheater), so the accuracy rules are tested without the clockwork help too.
 * The engine is the `stockfish` npm package's lite single-threaded build, or STOCKFISH_PATH.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Chess } from 'chess.js';
import type { PlyAnalysis } from '../src/fairplay/types.ts';
import { scoreCp } from '../src/fairplay/classify.ts';

const DEPTH = 10;
const MULTIPV = 3;
const MIN_PLIES = 36;
const OUT_DIR = new URL('../src/fairplay/fixtures/', import.meta.url);

export interface FixtureGame {
  id: string;
  source: string;
  timeControl: string;
  /** What played each side: a human rating, or the engine setting. */
  white: string;
  black: string;
  plies: PlyAnalysis[];
}

class Uci {
  private readonly proc: ChildProcessWithoutNullStreams;
  private waiter: { match: (l: string) => boolean; resolve: () => void } | null = null;
  private lines: string[] = [];

  constructor() {
    const path = process.env.STOCKFISH_PATH;
    const script = createRequire(import.meta.url).resolve('stockfish/bin/stockfish-19-lite-single.js');
    this.proc = path ? spawn(path, []) : spawn(process.execPath, [script]);
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      this.lines.push(line);
      if (this.waiter?.match(line)) {
        const w = this.waiter;
        this.waiter = null;
        w.resolve();
      }
    });
  }

  send(cmd: string): void {
    this.proc.stdin.write(`${cmd}\n`);
  }

  async until(cmd: string, match: (l: string) => boolean): Promise<string[]> {
    this.lines = [];
    const done = new Promise<void>((resolve) => (this.waiter = { match, resolve }));
    this.send(cmd);
    await done;
    return this.lines;
  }

  async init(options: Record<string, string | number>): Promise<void> {
    await this.until('uci', (l) => l === 'uciok');
    for (const [k, v] of Object.entries(options)) this.send(`setoption name ${k} value ${v}`);
    await this.until('isready', (l) => l === 'readyok');
  }

  async newGame(): Promise<void> {
    this.send('ucinewgame');
    await this.until('isready', (l) => l === 'readyok');
  }

  /** The lines of a search: the deepest exact score of each multipv line, and the best move. */
  async search(moves: readonly string[], go: string): Promise<{ lines: { cp: number; move: string }[]; best: string }> {
    this.send(`position startpos${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
    const out = await this.until(go, (l) => l.startsWith('bestmove'));
    const byPv = new Map<number, { depth: number; cp: number; move: string }>();
    for (const line of out) {
      if (!line.startsWith('info ') || line.includes('bound ')) continue;
      const m = /depth (\d+).* multipv (\d+) score (cp|mate) (-?\d+).* pv (\S+)/.exec(line);
      if (!m) continue;
      const [depth, pv, kind, value, move] = [Number(m[1]), Number(m[2]), m[3], Number(m[4]), m[5]!];
      const prev = byPv.get(pv);
      if (prev && prev.depth > depth) continue;
      byPv.set(pv, { depth, cp: scoreCp(kind === 'cp' ? { cp: value } : { mate: value }), move });
    }
    const best = out.find((l) => l.startsWith('bestmove'))!.split(' ')[1]!;
    const lines = [...byPv.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    return { lines, best };
  }

  quit(): void {
    this.send('quit');
  }
}

interface RawGame {
  id: string;
  source: string;
  timeControl: string;
  white: string;
  black: string;
  uci: string[];
  timesMs: (number | null)[];
}

/** Splits a PGN file into games and reads each one's moves and [%clk] move times. */
function readPgn(text: string): RawGame[] {
  const games: RawGame[] = [];
  for (const chunk of text.split(/\n\n(?=\[)/)) {
    const tag = (name: string): string => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(chunk)?.[1] ?? '?';
    const movetext = chunk.replace(/^\[.*\]$/gm, '').trim();
    if (!movetext || tag('FEN') !== '?') continue;
    const [base, inc] = tag('TimeControl').split('+').map(Number) as [number, number | undefined];
    const chess = new Chess();
    const uci: string[] = [];
    const clocks: (number | null)[] = [];
    let ok = true;
    for (const token of movetext.match(/\{[^}]*\}|[^\s{}]+/g) ?? []) {
      if (token.startsWith('{')) {
        const clk = /%clk (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(token);
        if (clk && clocks.length === uci.length && uci.length > 0) {
          clocks[clocks.length - 1] = (Number(clk[1]) * 3600 + Number(clk[2]) * 60 + Number(clk[3])) * 1000;
        }
        continue;
      }
      if (/^\d+\.+$/.test(token) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(token)) continue;
      const san = token.replace(/^\d+\.+/, '').replace(/[?!]+$/, '');
      if (!san) continue;
      try {
        const m = chess.move(san);
        uci.push(m.from + m.to + (m.promotion ?? ''));
        clocks.push(null);
      } catch {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    // Think time = the mover's previous clock - this clock + the increment (the first move of each side from the base).
    const timesMs = clocks.map((clk, i) => {
      if (clk === null || !Number.isFinite(base)) return null;
      const prev = i >= 2 ? clocks[i - 2] : base * 1000;
      if (prev === null || prev === undefined) return null;
      return Math.max(0, prev - clk + (inc ?? 0) * 1000);
    });
    const site = tag('Site');
    games.push({
      id: site.split('/').pop() ?? site,
      source: site,
      timeControl: tag('TimeControl'),
      white: tag('WhiteElo'),
      black: tag('BlackElo'),
      uci,
      timesMs,
    });
  }
  return games;
}

/** Analyses a game: one MultiPV search per position, plus the final one for the last move's evaluation. */
async function analyse(
  engine: Uci,
  uci: readonly string[],
  timesMs: readonly (number | null)[],
): Promise<PlyAnalysis[]> {
  await engine.newGame();
  const chess = new Chess();
  const before: { lines: { cp: number; move: string }[]; legal: number }[] = [];
  for (let i = 0; i <= uci.length; i++) {
    const legal = chess.moves().length;
    if (legal === 0) {
      // Mate (the mover is mated) or stalemate: no search.
      before.push({ lines: [{ cp: chess.isCheckmate() ? scoreCp({ mate: 0 }) : 0, move: '' }], legal });
    } else if (chess.isDraw()) {
      before.push({ lines: [{ cp: 0, move: '' }], legal });
    } else {
      const r = await engine.search(uci.slice(0, i), `go depth ${DEPTH}`);
      before.push({ lines: r.lines, legal });
    }
    if (i < uci.length) {
      const u = uci[i]!;
      chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
    }
  }
  return uci.map((played, i) => {
    const b = before[i]!;
    return {
      ply: i + 1,
      color: i % 2 === 0 ? 'white' : 'black',
      played,
      top: b.lines.map((l) => l.move).filter((m) => m !== ''),
      bestCp: b.lines[0]!.cp,
      playedCp: -before[i + 1]!.lines[0]!.cp || 0,
      legalMoves: b.legal,
      moveTimeMs: timesMs[i] ?? null,
    };
  });
}

async function humans(pgnPath: string, count: number): Promise<void> {
  const all = readPgn(readFileSync(pgnPath, 'utf8')).filter(
    (g) => g.uci.length >= MIN_PLIES && g.timesMs.some((t) => t !== null),
  );
  // Slower games first (they are the rarer and the harder ones), then bullet, in file order.
  const baseOf = (g: RawGame): number => Number(g.timeControl.split('+')[0]) || 0;
  const picked = [...all].sort((a, b) => Number(baseOf(b) > 60) - Number(baseOf(a) > 60)).slice(0, count);
  const engine = new Uci();
  await engine.init({ Threads: 1, Hash: 16, MultiPV: MULTIPV });
  const out: FixtureGame[] = [];
  for (const g of picked) {
    const t0 = Date.now();
    out.push({
      id: g.id,
      source: g.source,
      timeControl: g.timeControl,
      white: g.white,
      black: g.black,
      plies: await analyse(engine, g.uci, g.timesMs),
    });
    console.log(`${g.id} ${g.timeControl} ${g.uci.length} plies ${Date.now() - t0} ms`);
    writeFileSync(new URL('human.json', OUT_DIR), JSON.stringify(out, null, 0));
  }
  engine.quit();
}

/** A small deterministic generator (mulberry32), so the simulated times are reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLAYER_SETTINGS = ['go depth 12', 'go nodes 80000', 'go depth 16', 'go nodes 40000'];

async function engines(count: number, only: readonly number[]): Promise<void> {
  const previous: FixtureGame[] = only.length
    ? (JSON.parse(readFileSync(new URL('engine.json', OUT_DIR), 'utf8')) as FixtureGame[])
    : [];
  const humanGames = JSON.parse(readFileSync(new URL('human.json', OUT_DIR), 'utf8')) as FixtureGame[];
  const openings = [
    ...new Set(
      humanGames.map((g) =>
        g.plies
          .slice(0, 8)
          .map((p) => p.played)
          .join(' '),
      ),
    ),
  ];
  const player = new Uci();
  await player.init({ Threads: 1, Hash: 16, MultiPV: 1 });
  const analyser = new Uci();
  await analyser.init({ Threads: 1, Hash: 16, MultiPV: MULTIPV });
  const out: FixtureGame[] = [];
  for (let k = 0; k < count; k++) {
    if (only.length && !only.includes(k + 1)) {
      out.push(previous[k]!);
      continue;
    }
    const go = PLAYER_SETTINGS[k % PLAYER_SETTINGS.length]!;
    const clockwork = Math.floor(k / PLAYER_SETTINGS.length) % 2 === 0;
    const opening = openings[k % openings.length]!.split(' ');
    const chess = new Chess();
    const uci: string[] = [];
    for (const u of opening) {
      chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
      uci.push(u);
    }
    await player.newGame();
    const t0 = Date.now();
    while (!chess.isGameOver() && uci.length < 140) {
      const { best } = await player.search(uci, go);
      chess.move({ from: best.slice(0, 2), to: best.slice(2, 4), promotion: best[4] });
      uci.push(best);
    }
    const rand = rng(1000 + k);
    const timesMs = uci.map((_, i) =>
      i < opening.length ? 1000 : clockwork ? Math.round(2000 + (rand() - 0.5) * 300) : Math.round(500 + rand() * 8500),
    );
    const setting = `stockfish 19 lite, ${go.slice(3)}, ${clockwork ? 'times 2 s ± 150 ms' : 'times 0.5-9 s'}`;
    const plies = await analyse(analyser, uci, timesMs);
    out.push({ id: `engine-${k + 1}`, source: 'self-play', timeControl: '-', white: setting, black: setting, plies });
    console.log(`engine-${k + 1} ${setting} ${uci.length} plies ${Date.now() - t0} ms`);
    writeFileSync(new URL('engine.json', OUT_DIR), JSON.stringify(out, null, 0));
  }
  writeFileSync(new URL('engine.json', OUT_DIR), JSON.stringify(out, null, 0));
  player.quit();
  analyser.quit();
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'human') await humans(args[0]!, Number(args[1] ?? 30));
else if (mode === 'engine') await engines(Number(args[0] ?? 10), args[1] ? args[1].split(',').map(Number) : []);
else {
  console.error('usage: fairplay-fixtures.ts human <games.pgn> [count] | engine [count]');
  process.exitCode = 2;
}
