/**
 * Runs a connection's async work one item at a time, in arrival order: a `sub` then `unsub`,
 * or two game moves, must not overtake each other. Bounded, because a client can send far
 * faster than a database can answer.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly limit: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues `task`; false (and nothing queued) when `limit` tasks are already waiting. */
  push(task: () => Promise<void> | void): boolean {
    if (this.pending >= this.limit) return false;
    this.force(task);
    return true;
  }

  /** Queues past the limit: for the server's own bookkeeping (disconnect, resume), never for client input. */
  force(task: () => Promise<void> | void): void {
    this.pending++;
    this.tail = this.tail
      .then(task)
      .catch(this.onError)
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}
