import { useCallback, useSyncExternalStore } from 'react';
import { battleBegun, startOverlay } from '@rush/domain';

export interface BattleStart {
  /** The start overlay's count while it covers the board (SPEC 9), else null. */
  count: number | null;
  /** Whether the battle has begun: its clock runs and moves count. */
  begun: boolean;
}

const NOT_STARTED: BattleStart = { count: null, begun: false };

/**
 * The battle's start on the local clock (`beginsAt`, already moved by the server offset): the
 * overlay's count until it lifts 1.2 s early, then whether the battle has begun. The domain
 * decides both; this only ticks until the start, then stops.
 */
export function useBattleStart(beginsAt: number | null): BattleStart {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (beginsAt === null) return () => {};
      const timer = setInterval(() => {
        notify();
        if (battleBegun(beginsAt, Date.now())) clearInterval(timer);
      }, 100);
      return () => clearInterval(timer);
    },
    [beginsAt],
  );
  // useSyncExternalStore compares snapshots with Object.is: a string key keeps them stable.
  const read = () => {
    if (beginsAt === null) return '';
    const now = Date.now();
    const overlay = startOverlay(beginsAt, now);
    return `${overlay.visible ? overlay.count : ''}|${battleBegun(beginsAt, now) ? 1 : 0}`;
  };
  const key = useSyncExternalStore(subscribe, read, read);
  if (key === '') return NOT_STARTED;
  const [count, begun] = key.split('|');
  return { count: count ? Number(count) : null, begun: begun === '1' };
}
