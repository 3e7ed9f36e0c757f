/**
 * A module loaded on demand, once per page: callers share the load in flight, the module is
 * at hand synchronously once in (`loaded`), and a load that failed (a network drop) is tried
 * again by the next caller. `onError` sees each failure before it reaches the caller.
 */
export function loadOnce<T>(importer: () => Promise<T>, onError?: (error: unknown) => void) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load(): Promise<T> {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          onError?.(error);
          throw error;
        },
      );
      return loading;
    },
    loaded: (): T | null => loaded,
  };
}
