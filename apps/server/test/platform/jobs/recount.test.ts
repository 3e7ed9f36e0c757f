import { describe, expect, it } from 'vitest';
import { Recount } from '../../../src/platform/jobs/recount.ts';
import { FakeTimer } from './fake-timer.ts';

const settle = () => new Promise((r) => setImmediate(r));

describe('Recount (a figure published on change, debounced, and on a period)', () => {
  it('runs once per burst of triggers, on its period too, and nothing after stop', async () => {
    const timer = new FakeTimer();
    let runs = 0;
    const errors: unknown[] = [];
    const recount = new Recount({
      name: 'count',
      delayMs: 1500,
      everyMs: 60_000,
      run: () => Promise.resolve(void runs++),
      log: { error: (obj: unknown) => void errors.push(obj) },
      timer,
    });
    recount.start();
    recount.trigger();
    recount.trigger();
    expect([...timer.pending.values()].map((t) => t.ms).sort((a, b) => a - b)).toEqual([1500, 60_000]);
    timer.fireAll();
    await settle();
    // The burst ran once (the period's trigger joined it); the period is scheduled again.
    expect(runs).toBe(1);
    expect([...timer.pending.values()].map((t) => t.ms)).toEqual([60_000]);
    timer.fireAll();
    await settle();
    expect([...timer.pending.values()].map((t) => t.ms).sort((a, b) => a - b)).toEqual([1500, 60_000]);
    await recount.flush();
    expect(runs).toBe(2);
    await recount.stop();
    expect(timer.pending.size).toBe(0);
    recount.trigger();
    expect(timer.pending.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('logs a failed run with its name', async () => {
    const errors: unknown[] = [];
    const recount = new Recount({
      name: 'online-recount',
      delayMs: 10,
      everyMs: 1000,
      run: () => Promise.reject(new Error('db down')),
      log: { error: (obj: unknown) => void errors.push(obj) },
      timer: new FakeTimer(),
    });
    await recount.flush();
    expect(errors).toEqual([expect.objectContaining({ job: 'online-recount' })]);
    await recount.stop();
  });
});
