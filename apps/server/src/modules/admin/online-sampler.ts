import type { Clock } from '../../platform/clock.ts';
import type { Job } from '../../platform/jobs/runner.ts';

/**
 * How often users online are sampled for the dashboard's per-day peak. A constant rather than a
 * setting: 288 samples a day are plenty for a daily peak, and the dashboard says it is sampled.
 */
export const ONLINE_SAMPLE_MS = 5 * 60_000;

export interface OnlineSamplerDeps {
  clock: Clock;
  /** The SPEC 9 online count, as the `presence` topic publishes it (read from the shared presence rows). */
  countOnline(now: Date): Promise<number>;
  record(at: Date, online: number): Promise<void>;
}

/** The start of the sampling slot `now` falls in. */
export function sampleSlot(now: Date, everyMs: number = ONLINE_SAMPLE_MS): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

/**
 * Writes the current online count once per slot. Every instance runs it; the count comes from
 * the database, so all instances see the same number, and the sample is keyed by its slot's
 * start, so the first write of a slot wins and the others change nothing (ON CONFLICT DO
 * NOTHING): one row per 5 minutes however many instances run.
 */
export class OnlineSampler {
  constructor(private readonly d: OnlineSamplerDeps) {}

  async sample(): Promise<void> {
    const now = this.d.clock.now();
    await this.d.record(sampleSlot(now), await this.d.countOnline(now));
  }

  job(everyMs: number = ONLINE_SAMPLE_MS): Job {
    return { name: 'online-sample', everyMs, run: () => this.sample() };
  }
}
