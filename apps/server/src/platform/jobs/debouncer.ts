import { realTimer, type Timer } from './timer.ts';

/**
 * Runs `task` once, `delayMs` after the first trigger of a burst: further triggers inside the
 * delay join the pending run instead of postponing it, so a steady stream of changes still
 * produces an update every `delayMs` (a trailing debounce would starve). The task holds no
 * state of its own to lose: it recomputes from the database each time.
 */
export class Debouncer {
  private pending: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly delayMs: number,
    private readonly task: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly timer: Timer = realTimer,
  ) {}

  get scheduled(): boolean {
    return this.pending !== null;
  }

  trigger(): void {
    if (this.stopped || this.pending !== null) return;
    this.pending = this.timer.setTimeout(() => {
      this.pending = null;
      void this.run();
    }, this.delayMs);
  }

  /** Runs the task now (and cancels the pending run); resolves when it is done. */
  async flush(): Promise<void> {
    if (this.pending !== null) {
      this.timer.clearTimeout(this.pending);
      this.pending = null;
    }
    await this.run();
  }

  /** Cancels the pending run and waits for one in progress; later triggers are ignored. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pending !== null) this.timer.clearTimeout(this.pending);
    this.pending = null;
    await this.running;
  }

  private async run(): Promise<void> {
    // Runs never overlap: a run that starts while one is in flight waits for it first.
    while (this.running) await this.running;
    const current = (async () => {
      try {
        await this.task();
      } catch (err) {
        this.onError(err);
      }
    })();
    this.running = current;
    try {
      await current;
    } finally {
      if (this.running === current) this.running = null;
    }
  }
}
