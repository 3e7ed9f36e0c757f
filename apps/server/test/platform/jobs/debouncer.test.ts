import { describe, expect, it } from 'vitest';
import { Debouncer } from '../../../src/platform/jobs/debouncer.ts';
import { FakeTimer } from './fake-timer.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('Debouncer (online count publication)', () => {
  it('runs once per burst, after the delay from the first trigger', async () => {
    const timer = new FakeTimer();
    let runs = 0;
    const d = new Debouncer(
      1500,
      () => Promise.resolve(void runs++),
      () => {},
      timer,
    );
    d.trigger();
    d.trigger();
    d.trigger();
    expect(timer.pending.size).toBe(1);
    expect([...timer.pending.values()][0]!.ms).toBe(1500);
    expect(runs).toBe(0);
    timer.fireAll();
    await tick();
    expect(runs).toBe(1);
    // A trigger after the run starts a new burst.
    d.trigger();
    expect(timer.pending.size).toBe(1);
    timer.fireAll();
    await tick();
    expect(runs).toBe(2);
  });

  it('flush runs at once and cancels the pending run', async () => {
    const timer = new FakeTimer();
    let runs = 0;
    const d = new Debouncer(
      1500,
      () => Promise.resolve(void runs++),
      () => {},
      timer,
    );
    d.trigger();
    await d.flush();
    expect(runs).toBe(1);
    expect(timer.pending.size).toBe(0);
  });

  it('never overlaps runs, and reports a failing run without stopping later ones', async () => {
    const timer = new FakeTimer();
    const errors: unknown[] = [];
    let active = 0;
    let maxActive = 0;
    let calls = 0;
    const d = new Debouncer(
      10,
      async () => {
        calls++;
        active++;
        maxActive = Math.max(maxActive, active);
        await tick();
        active--;
        if (calls === 1) throw new Error('db down');
      },
      (e) => errors.push(e),
      timer,
    );
    await Promise.all([d.flush(), d.flush(), d.flush()]);
    expect(calls).toBe(3);
    expect(maxActive).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('ignores triggers after stop', async () => {
    const timer = new FakeTimer();
    let runs = 0;
    const d = new Debouncer(
      10,
      () => Promise.resolve(void runs++),
      () => {},
      timer,
    );
    d.trigger();
    await d.stop();
    d.trigger();
    expect(timer.pending.size).toBe(0);
    expect(runs).toBe(0);
  });
});
