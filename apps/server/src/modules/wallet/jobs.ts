import type { FastifyBaseLogger } from 'fastify';
import { realTimer, type Timer } from '../accounts/debounce.ts';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * The wallet's background work, in the house style of the accounts sweeper: each task runs
 * every `everyMs` after the previous run finished (never overlapping itself), errors are
 * logged and never stop the loop, and stop() waits for a run in progress. The work itself is
 * deadlines in the database, so any instance may run it and a restart forgets nothing.
 */
export class WalletJobs {
  private readonly handles = new Map<string, unknown>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = true;

  constructor(
    private readonly tasks: readonly PeriodicTask[],
    private readonly log: FastifyBaseLogger,
    private readonly timer: Timer = realTimer,
  ) {}

  start(): void {
    this.stopped = false;
    for (const task of this.tasks) this.schedule(task);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of this.handles.values()) this.timer.clearTimeout(handle);
    this.handles.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(task: PeriodicTask): void {
    if (this.stopped) return;
    this.handles.set(
      task.name,
      this.timer.setTimeout(() => {
        const run = task.run().catch((err: unknown) => this.log.error({ err, task: task.name }, 'wallet job failed'));
        this.running.add(run);
        void run.finally(() => {
          this.running.delete(run);
          this.schedule(task);
        });
      }, task.everyMs),
    );
  }
}
