/**
 * Runs tasks one at a time per key (a game id), in arrival order. The database row lock is
 * what makes concurrent commands safe, on every instance; this only keeps one instance from
 * queueing many transactions on one row and makes its events leave in commit order.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      // The last task of a burst removes the entry, so the map stays as small as the live work.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.tails.size;
  }
}
