import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Background work of play: each task runs `everyMs` after its previous run finished (never
 * overlapping itself); a failure is logged and the loop goes on; stop() waits for runs in
 * progress. The work is deadlines in the database, so any instance may run it (principle 4).
 */
export class PlayJobs {
  private readonly handles = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = true;

  constructor(
    private readonly tasks: readonly PeriodicTask[],
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    for (const task of this.tasks) this.schedule(task);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(task: PeriodicTask): void {
    if (this.stopped) return;
    const handle = setTimeout(() => {
      const run = task.run().catch((err: unknown) => this.log.error({ err, task: task.name }, 'play job failed'));
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        this.schedule(task);
      });
    }, task.everyMs);
    handle.unref();
    this.handles.set(task.name, handle);
  }
}
