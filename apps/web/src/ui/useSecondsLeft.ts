import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whole seconds until a local deadline (`Date.now()` scale), never negative; null deadline gives
 * null. Ticks through a subscription and re-renders only its own component, once a second.
 */
export function useSecondsLeft(deadline: number | null): number | null {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (deadline === null) return () => {};
      const timer = setInterval(notify, 250);
      return () => clearInterval(timer);
    },
    [deadline],
  );
  const read = () => (deadline === null ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  return useSyncExternalStore(subscribe, read, read);
}
