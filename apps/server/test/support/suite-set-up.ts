import { afterAll, beforeAll } from 'vitest';

type Stoppable = { stop?: () => Promise<unknown>; server?: { stop: () => Promise<unknown> } };

/**
 * A suite's shared set-up, started once before its tests and stopped after them even when one
 * failed. `start` makes it and keeps what the tests read, in one line:
 * `suiteSetUp(async () => ({ server, admin } = await startMatchServer(kind)))` (an assignment is
 * worth what it assigns, so the whole set-up comes back to be stopped); or `take` keeps it
 * (`(s) => ({ server, admin } = s)`). It is stopped by its own `stop`, or else its server's.
 */
export function suiteSetUp<T extends Stoppable>(start: () => Promise<T>, take?: (value: T) => void): void {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
    take?.(value);
  });
  afterAll(async () => {
    if (!value) return;
    await (value.stop ? value.stop() : value.server?.stop());
  });
}
