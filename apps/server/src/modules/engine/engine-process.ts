import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import {
  optionCommands,
  parseBestMove,
  parseInfoLine,
  searchCommands,
  type SearchInfo,
  type SearchLimit,
  type SearchResult,
} from './uci.ts';

/** How to start an engine: a native binary named by STOCKFISH_PATH, or the npm build under Node. */
export interface EngineCommand {
  cmd: string;
  args: string[];
  /** Scheduling priority of the process (nice); unset leaves the server's own. */
  nice?: number;
}

/**
 * The default engine is the `stockfish` npm package's lite single-threaded WebAssembly build,
 * run as its own Node process (GPL-3: a separate program the server talks UCI to, never code
 * linked into the server). A native binary is much faster and is used when configured.
 */
export function engineCommand(stockfishPath: string | undefined): EngineCommand {
  if (stockfishPath) return { cmd: stockfishPath, args: [] };
  const script = createRequire(import.meta.url).resolve('stockfish/bin/stockfish-19-lite-single.js');
  return { cmd: process.execPath, args: [script] };
}

export class EngineCrashedError extends Error {
  constructor(detail: string) {
    super(`engine process ended: ${detail}`);
  }
}
export class EngineHungError extends Error {
  constructor() {
    super('engine did not answer in time');
  }
}

export interface SearchJob {
  fen: string;
  moves: readonly string[];
  limit: SearchLimit;
  /** setoption values for this search (strength); sent only when they differ from the last ones. */
  options: Readonly<Record<string, string | number | boolean>>;
}

type Waiter = { match: (line: string) => boolean; resolve: () => void };

/**
 * One engine process speaking UCI over stdin/stdout. It runs one search at a time (the pool
 * guarantees it); a search that outlives its deadline is told to stop, and if no `bestmove`
 * follows within the grace period the process counts as hung (the pool kills and replaces it).
 */
export class EngineProcess {
  private child: ChildProcess | null = null;
  private waiters: Waiter[] = [];
  private onLine: ((line: string) => void) | null = null;
  private exitReason: string | null = null;
  private exitListeners = new Set<(reason: string) => void>();
  private lastOptions = '';

  constructor(private readonly command: EngineCommand) {}

  /** The OS process id while it runs (supervision tests kill it from outside). */
  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
  }

  get alive(): boolean {
    return this.child !== null && this.exitReason === null;
  }

  /** Starts the process and waits for `uciok` and `readyok`. */
  async start(timeoutMs: number): Promise<void> {
    const child = spawn(this.command.cmd, this.command.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    if (this.command.nice && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, this.command.nice);
      } catch {
        // A platform that refuses it runs the engine at the server's priority: slower to yield, still correct.
      }
    }
    child.once('error', (err) => this.exited(err.message));
    child.once('exit', (code, signal) => this.exited(`exit ${code ?? signal}`));
    child.stdin?.on('error', () => this.exited('stdin closed'));
    createInterface({ input: child.stdout }).on('line', (line) => this.line(line));
    this.send('uci');
    await this.until((l) => l.trim() === 'uciok', timeoutMs);
    await this.ready(timeoutMs);
  }

  /** One search; rejects with EngineCrashedError or EngineHungError. */
  async search(job: SearchJob, deadlineMs: number, graceMs: number): Promise<SearchResult> {
    const options = JSON.stringify(job.options);
    if (options !== this.lastOptions) {
      for (const cmd of optionCommands(job.options)) this.send(cmd);
      await this.ready(deadlineMs);
      this.lastOptions = options;
    }
    let info: SearchInfo | null = null;
    // MultiPV: the latest (deepest) line of each rank.
    const lines = new Map<number, SearchInfo>();
    let bestMove: string | null | undefined;
    const done = new Promise<void>((resolve) => {
      this.onLine = (line) => {
        const parsed = parseInfoLine(line);
        if (parsed) {
          lines.set(parsed.multipv, parsed.info);
          if (parsed.multipv === 1) info = parsed.info;
        }
        const best = parseBestMove(line);
        if (best !== undefined) {
          bestMove = best;
          resolve();
        }
      };
    });
    for (const cmd of searchCommands(job.fen, job.moves, job.limit)) this.send(cmd);
    try {
      await this.race(done, deadlineMs, () => this.send('stop'));
      if (bestMove === undefined) await this.race(done, graceMs);
    } finally {
      this.onLine = null;
    }
    const ranked = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
    return { bestMove: bestMove ?? null, info, lines: ranked };
  }

  /** Called once when the process ends, for whatever reason. */
  onExit(listener: (reason: string) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  kill(): void {
    this.child?.kill('SIGKILL');
    this.exited('killed');
  }

  private async ready(timeoutMs: number): Promise<void> {
    this.send('isready');
    await this.until((l) => l.trim() === 'readyok', timeoutMs);
  }

  private send(cmd: string): void {
    if (!this.alive) return;
    this.child!.stdin!.write(`${cmd}\n`);
  }

  private line(line: string): void {
    this.onLine?.(line);
    const hit = this.waiters.filter((w) => w.match(line));
    this.waiters = this.waiters.filter((w) => !hit.includes(w));
    for (const w of hit) w.resolve();
  }

  private until(match: (line: string) => boolean, timeoutMs: number): Promise<void> {
    return this.race(new Promise<void>((resolve) => this.waiters.push({ match, resolve })), timeoutMs);
  }

  /**
   * Waits for `work`, failing on exit; at the deadline calls `onDeadline` and resolves (so the
   * caller can grant a grace period) if given, else rejects as hung.
   */
  private race(work: Promise<void>, timeoutMs: number, onDeadline?: () => void): Promise<void> {
    if (this.exitReason !== null) return Promise.reject(new EngineCrashedError(this.exitReason));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        if (onDeadline) {
          onDeadline();
          resolve();
        } else reject(new EngineHungError());
      }, timeoutMs);
      const off = this.onExit((reason) => {
        clearTimeout(timer);
        reject(new EngineCrashedError(reason));
      });
      work.then(
        () => {
          clearTimeout(timer);
          off();
          resolve();
        },
        (err: unknown) => {
          clearTimeout(timer);
          off();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  private exited(reason: string): void {
    if (this.exitReason !== null) return;
    this.exitReason = reason;
    for (const l of [...this.exitListeners]) l(reason);
    this.exitListeners.clear();
  }
}
