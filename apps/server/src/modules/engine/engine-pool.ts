import type { FastifyBaseLogger } from 'fastify';
import { EngineProcess, type EngineCommand, type SearchJob } from './engine-process.ts';
import type { SearchResult } from './uci.ts';

/** Bot moves are waited for by a person at a board; analysis can wait behind them. */
export type EnginePriority = 'bot' | 'analysis';

export class EngineBusyError extends Error {
  constructor() {
    super('every engine is busy and the queue is full');
  }
}
export class EngineClosedError extends Error {
  constructor() {
    super('the engine pool is closed');
  }
}

export interface EnginePoolOptions {
  command: EngineCommand;
  size: number;
  /**
   * Searches waiting beyond the running ones. Past it new bot games are refused (`full`) and
   * analysis is refused (EngineBusyError); a bot move of a running game always queues, in
   * order, so no game starves while others take every free place (the bot-move benchmark).
   */
  queueMax: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  startTimeoutMs?: number;
  /** How long past its own limit a search may run before `stop` is sent. */
  deadlineMarginMs?: number;
  /** After `stop`, how long a `bestmove` may take before the process counts as hung. */
  graceMs?: number;
  /** A depth search's deadline (move-time searches use their move time plus the margin). */
  depthDeadlineMs?: number;
  /** Tries per search across replaced processes before the caller sees the failure. */
  attempts?: number;
}

interface Request {
  job: SearchJob;
  priority: EnginePriority;
  tries: number;
  resolve: (r: SearchResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  process: EngineProcess | null;
  busy: boolean;
}

/**
 * A fixed set of engine processes and a queue in front of them (issue 13): bot moves before
 * analysis, a deadline on every search, backpressure when the queue is full, and supervision:
 * a process that crashes or hangs is killed and replaced, and the search it held is tried again
 * on a fresh one, so a game never waits on a dead engine.
 */
export class EnginePool {
  private readonly slots: Slot[];
  private readonly queues: Record<EnginePriority, Request[]> = { bot: [], analysis: [] };
  private closed = false;
  private readonly o: Required<EnginePoolOptions>;
  /** Processes replaced after a crash or hang, for the logs and tests. */
  replaced = 0;

  constructor(options: EnginePoolOptions) {
    this.o = {
      startTimeoutMs: 15_000,
      deadlineMarginMs: 1_000,
      graceMs: 1_000,
      depthDeadlineMs: 20_000,
      attempts: 3,
      ...options,
    };
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ process: null, busy: false }));
  }

  get size(): number {
    return this.slots.length;
  }

  /** Searches waiting for a process (not those running). */
  get queued(): number {
    return this.queues.bot.length + this.queues.analysis.length;
  }

  search(job: SearchJob, priority: EnginePriority): Promise<SearchResult> {
    if (this.closed) return Promise.reject(new EngineClosedError());
    const idle = this.slots.some((s) => !s.busy);
    if (priority !== 'bot' && !idle && this.queued >= this.o.queueMax) return Promise.reject(new EngineBusyError());
    return new Promise<SearchResult>((resolve, reject) => {
      this.queues[priority].push({ job, priority, tries: 0, resolve, reject });
      this.pump();
    });
  }

  /** The running engines' process ids. */
  pids(): number[] {
    return this.slots.flatMap((s) => (s.process?.pid === undefined ? [] : [s.process.pid]));
  }

  /** Whether a new search would be refused now (a bot game checks before it starts). */
  get full(): boolean {
    return this.slots.every((s) => s.busy) && this.queued >= this.o.queueMax;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const r of [...this.queues.bot, ...this.queues.analysis]) r.reject(new EngineClosedError());
    this.queues.bot = [];
    this.queues.analysis = [];
    for (const s of this.slots) {
      s.process?.kill();
      s.process = null;
    }
    return Promise.resolve();
  }

  private next(): Request | undefined {
    return this.queues.bot.shift() ?? this.queues.analysis.shift();
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.closed || slot.busy) continue;
      const request = this.next();
      if (!request) return;
      slot.busy = true;
      void this.run(slot, request).finally(() => {
        slot.busy = false;
        this.pump();
      });
    }
  }

  private async run(slot: Slot, request: Request): Promise<void> {
    request.tries += 1;
    try {
      const process = await this.processFor(slot);
      const deadline =
        'depth' in request.job.limit ? this.o.depthDeadlineMs : request.job.limit.movetimeMs + this.o.deadlineMarginMs;
      request.resolve(await process.search(request.job, deadline, this.o.graceMs));
    } catch (err) {
      // Crashed, hung or failed to start: this process is done for; the next search gets a new one.
      slot.process?.kill();
      slot.process = null;
      this.replaced += 1;
      const error = err instanceof Error ? err : new Error(String(err));
      this.o.log.warn({ err: error, tries: request.tries }, 'engine replaced');
      if (request.tries < this.o.attempts && !this.closed) {
        // Tried again first, ahead of newer searches of its priority.
        this.queues[request.priority].unshift(request);
      } else {
        this.o.log.error({ err: error }, 'engine search failed');
        request.reject(error);
      }
    }
  }

  private async processFor(slot: Slot): Promise<EngineProcess> {
    if (slot.process?.alive) return slot.process;
    const process = new EngineProcess(this.o.command);
    slot.process = process;
    await process.start(this.o.startTimeoutMs);
    return process;
  }
}
