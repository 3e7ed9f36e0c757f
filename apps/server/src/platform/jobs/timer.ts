/** The two timer functions the jobs need; tests pass a fake to fire them by hand. */
export interface Timer {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimer: Timer = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // Pending background work must not keep a stopping process alive.
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
