import type { FastifyBaseLogger } from 'fastify';
import { Debouncer } from './debouncer.ts';
import { JobRunner } from './runner.ts';
import { realTimer, type Timer } from './timer.ts';

export interface RecountOptions {
  /** Names the periodic job and the failure in the log. */
  name: string;
  /** A burst of changes runs the task once, this long after the first (Debouncer). */
  delayMs: number;
  /** Also run at least this often: what it counts changes with time alone (an online window). */
  everyMs: number;
  run: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  timer?: Timer;
}

/**
 * A derived figure published on change, debounced, and refreshed on a period (the players-online
 * count, the online users list): a Debouncer for the changes and a JobRunner for the period, with
 * one start and one stop.
 */
export class Recount {
  private readonly debouncer: Debouncer;
  private readonly refresh: JobRunner;

  constructor(o: RecountOptions) {
    const timer = o.timer ?? realTimer;
    this.debouncer = new Debouncer(
      o.delayMs,
      o.run,
      (err) => o.log.error({ err, job: o.name }, 'recount failed'),
      timer,
    );
    this.refresh = new JobRunner(
      [{ name: o.name, everyMs: o.everyMs, run: () => Promise.resolve(this.debouncer.trigger()) }],
      o.log,
      timer,
    );
  }

  /** Something counted changed: run soon (once per burst). */
  trigger(): void {
    this.debouncer.trigger();
  }

  /** Runs now (and cancels the pending run); resolves when done. */
  flush(): Promise<void> {
    return this.debouncer.flush();
  }

  start(): void {
    this.refresh.start();
  }

  async stop(): Promise<void> {
    await this.refresh.stop();
    await this.debouncer.stop();
  }
}
