import type { FastifyBaseLogger } from 'fastify';
import { realTimer, type Timer } from './timer.ts';

/** A piece of background work that runs again and again. */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * The one way the server runs periodic work. Each job runs `everyMs` after its previous run
 * finished, so a slow run is never overlapped by the next one; a failure is logged with the
 * job's name and the loop goes on; stop() cancels what is scheduled and waits for runs in
 * progress, so a shutdown never cuts a run in half. The work itself keeps its state in the
 * database (deadlines, counters), so any instance may run it and a restart forgets nothing.
 */
export class JobRunner {
  private readonly handles = new Map<string, unknown>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = true;

  constructor(
    private readonly jobs: readonly Job[],
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly timer: Timer = realTimer,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const job of this.jobs) this.schedule(job);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const handle of this.handles.values()) this.timer.clearTimeout(handle);
    this.handles.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(job: Job): void {
    if (this.stopped) return;
    this.handles.set(
      job.name,
      this.timer.setTimeout(() => {
        this.handles.delete(job.name);
        const run = job.run().catch((err: unknown) => this.log.error({ err, job: job.name }, 'background job failed'));
        this.running.add(run);
        void run.finally(() => {
          this.running.delete(run);
          this.schedule(job);
        });
      }, job.everyMs),
    );
  }
}
