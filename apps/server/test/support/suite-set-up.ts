import { afterAll, beforeAll } from 'vitest';

type Stoppable = { stop?: () => Promise<unknown>; server?: { stop: () => Promise<unknown> } };

/**
 * A suite's shared set-up, started once before its tests and stopped after them even when one
 * failed: `start` makes it, `take` keeps what the tests read (`({ server, admin } = s)`), and it
 * is stopped by its own `stop`, or else its server's.
 */
export function suiteSetUp<T extends Stoppable>(start: () => Promise<T>, take: (value: T) => void): void {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
    take(value);
  });
  afterAll(async () => {
    if (!value) return;
    await (value.stop ? value.stop() : value.server?.stop());
  });
}
