import { describe, expect, it } from 'vitest';
import { JobRunner } from '../../../src/platform/jobs/runner.ts';
import { FakeTimer } from './fake-timer.ts';

const settle = () => new Promise((r) => setImmediate(r));

/** A run the test finishes by hand. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { done, open };
}

function logSpy() {
  const errors: { obj: unknown; msg: string }[] = [];
  return { errors, log: { error: (obj: unknown, msg: string) => void errors.push({ obj, msg }) } as never };
}

describe('JobRunner (every periodic job of the server)', () => {
  it('schedules each job everyMs after start, and again only after its run finished (no overlap)', async () => {
    const timer = new FakeTimer();
    const { log } = logSpy();
    const runs: string[] = [];
    let current = gate();
    const runner = new JobRunner(
      [
        { name: 'slow', everyMs: 500, run: () => (runs.push('slow'), current.done) },
        { name: 'fast', everyMs: 100, run: () => (runs.push('fast'), Promise.resolve()) },
      ],
      log,
      timer,
    );
    runner.start();
    expect([...timer.pending.values()].map((t) => t.ms).sort()).toEqual([100, 500]);
    timer.fireAll();
    await settle();
    expect(runs.sort()).toEqual(['fast', 'slow']);
    // The fast job is due again; the slow one is still running and has nothing scheduled.
    expect([...timer.pending.values()].map((t) => t.ms)).toEqual([100]);
    timer.fireAll();
    await settle();
    expect(runs.filter((r) => r === 'slow')).toHaveLength(1);
    current.open();
    current = gate();
    await settle();
    expect([...timer.pending.values()].map((t) => t.ms).sort()).toEqual([100, 500]);
    await runner.stop();
  });

  it('logs a failure with the job name and keeps the loop going', async () => {
    const timer = new FakeTimer();
    const { log, errors } = logSpy();
    let calls = 0;
    const runner = new JobRunner(
      [{ name: 'sweep', everyMs: 10, run: () => (calls++, Promise.reject(new Error('db down'))) }],
      log,
      timer,
    );
    runner.start();
    timer.fireAll();
    await settle();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.obj).toMatchObject({ job: 'sweep' });
    expect(timer.pending.size).toBe(1);
    timer.fireAll();
    await settle();
    expect(calls).toBe(2);
    await runner.stop();
  });

  it('stop cancels what is scheduled and waits for a run in progress; nothing runs after', async () => {
    const timer = new FakeTimer();
    const { log } = logSpy();
    const running = gate();
    let finished = false;
    const runner = new JobRunner(
      [{ name: 'settle', everyMs: 1000, run: () => running.done.then(() => void (finished = true)) }],
      log,
      timer,
    );
    runner.start();
    timer.fireAll();
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    running.open();
    await stopping;
    expect(finished).toBe(true);
    expect(timer.pending.size).toBe(0);
  });

  it('a second start is a no-op (one schedule per job)', async () => {
    const timer = new FakeTimer();
    const runner = new JobRunner([{ name: 'once', everyMs: 5, run: () => Promise.resolve() }], logSpy().log, timer);
    runner.start();
    runner.start();
    expect(timer.pending.size).toBe(1);
    await runner.stop();
  });
});
