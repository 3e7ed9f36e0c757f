import { useEffect, useState } from 'react';
import type { loadOnce } from '../api/loadOnce.ts';

/**
 * A module loaded on demand (`loadOnce`), or null while it loads (at once when loaded before).
 * A load that fails is thrown while rendering, as a page whose code did not load is: the route's
 * error boundary reloads for a new build or shows the error page.
 */
export function useLoadedModule<T>(module: ReturnType<typeof loadOnce<T>>): T | null {
  const [state, setState] = useState<{ loaded: T | null; error: Error | null }>(() => ({
    loaded: module.loaded(),
    error: null,
  }));
  useEffect(() => {
    if (state.loaded) return;
    let current = true;
    module.load().then(
      (loaded) => {
        if (current) setState({ loaded, error: null });
      },
      (error: unknown) => {
        if (current) setState({ loaded: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [module, state.loaded]);
  if (state.error) throw state.error;
  return state.loaded;
}
