import { useCallback, useRef, useSyncExternalStore } from 'react';
import { furthestPhase, startOverlay, startPhase, type StartPhase } from '@rush/domain';
import { localDeadline } from './queries.ts';

export interface BattleStart {
  /** The start overlay's count while it covers the board (SPEC 9), else null. */
  count: number | null;
  /** Whether the battle has begun: its clock runs and moves count. */
  begun: boolean;
}

const NOT_STARTED: BattleStart = { count: null, begun: false };

/**
 * The battle's start (`startedAt`, the server's time) on the local clock moved by `offset`: the
 * overlay's count until it lifts 1.2 s early, then whether the battle has begun. The domain
 * decides both; this only ticks until the start, then stops. The offset is estimated again with
 * every lobby update, so the phase reached is kept (per start time): a slower estimate never
 * covers the board again or stops moves counting.
 */
export function useBattleStart(startedAt: string | null, offset: number): BattleStart {
  const beginsAt = localDeadline(startedAt, offset);
  const reached = useRef<{ startedAt: string | null; phase: StartPhase }>({ startedAt, phase: 'counting' });
  const subscribe = useCallback(
    (notify: () => void) => {
      if (beginsAt === null) return () => {};
      const timer = setInterval(() => {
        notify();
        if (reached.current.phase === 'begun') clearInterval(timer);
      }, 100);
      return () => clearInterval(timer);
    },
    [beginsAt],
  );
  // useSyncExternalStore compares snapshots with Object.is: a string key keeps them stable.
  const read = () => {
    if (beginsAt === null) return '';
    const now = Date.now();
    if (reached.current.startedAt !== startedAt) reached.current = { startedAt, phase: 'counting' };
    const phase = furthestPhase(reached.current.phase, startPhase(beginsAt, now));
    reached.current.phase = phase;
    return `${phase === 'counting' ? startOverlay(beginsAt, now).count : ''}|${phase === 'begun' ? 1 : 0}`;
  };
  const key = useSyncExternalStore(subscribe, read, read);
  if (key === '') return NOT_STARTED;
  const [count, begun] = key.split('|');
  return { count: count ? Number(count) : null, begun: begun === '1' };
}
