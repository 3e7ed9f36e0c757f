import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { TEXT_TYPES, withoutInstalledParsers } from './pglite-parsers.ts';

type QueryOptions = Parameters<PGlite['query']>[2];
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** A database error as the thread described it: message, SQLSTATE `code`, `constraint` and the rest. */
function rebuilt(error: Record<string, unknown>): Error {
  const err = new Error(String(error.message));
  Object.assign(err, error);
  return err;
}

/**
 * PGlite in a worker thread (issue 35): the same `query` and `transaction` Drizzle calls on an
 * in-thread PGlite, answered by `pglite-worker.mjs`. The statements run beside the event loop
 * instead of on it, so a busy database no longer delays every socket's messages; the cost is one
 * message each way per statement. PGlite still runs one transaction at a time (its own lock, now
 * in the thread). Parsers cannot cross a thread: the thread has Drizzle's text types installed,
 * and a query asking for other parsers is refused rather than parsed differently.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private next = 1;
  private dead: Error | null = null;

  private constructor() {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    const die = (err: Error) => {
      this.dead = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`the database thread exited (${code})`)));
  }

  /** Opens PGlite on `dataDir` (null: in memory) in a new thread. */
  static async open(dataDir: string | null): Promise<PGliteThread> {
    const thread = new PGliteThread();
    try {
      await thread.call({ op: 'open', dataDir, textTypes: [...TEXT_TYPES] });
    } catch (e) {
      await thread.worker.terminate();
      throw e;
    }
    return thread;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, options: portable(options) }) as Promise<Results<T>>;
  }

  /** A named statement (pglite-named.mjs), prepared and run in the thread: one message each way. */
  runNamed(name: string, text: string, values: readonly (string | null)[]): Promise<(string | null)[][]> {
    return this.call({ op: 'named', name, text, values }) as Promise<(string | null)[][]>;
  }

  /** Begins in the thread, runs `work` here with a handle whose statements join it, then commits or rolls back. */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    const handle = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call({ op: 'query', tx, sql, params, options: portable(options) }),
    } as unknown as Transaction;
    let result: T;
    try {
      result = await work(handle);
    } catch (e) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw e;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.dead) await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    // Referenced while an answer is awaited, so a process waiting on its database does not exit.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(rebuilt(reply.error));
  }
}

/** Options that can cross to the thread: Drizzle's text parsers are installed there, others cannot go. */
function portable(options: QueryOptions): QueryOptions {
  const rest = withoutInstalledParsers(options);
  if (rest?.parsers || rest?.serializers) throw new Error('per-query parsers cannot cross to the database thread');
  return rest;
}
