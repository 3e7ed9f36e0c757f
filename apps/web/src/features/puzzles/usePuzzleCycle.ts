import { useEffect, useReducer, type Dispatch } from 'react';
import { puzzleCycle, timedStep, type CycleAction, type CycleState } from './puzzleCycle.ts';

/**
 * The puzzle cycle (puzzleCycle.ts) in a component: its state, and one timer for the step that
 * comes by itself (first move, reply, solution step, next puzzle), armed anew whenever the phase,
 * its queue or the puzzle changes. The reducer ignores a step that no longer applies.
 */
export function usePuzzleCycle(init: () => CycleState): [CycleState, Dispatch<CycleAction>] {
  const [state, dispatch] = useReducer(puzzleCycle, undefined, init);
  const { phase, queue, next, puzzle } = state;
  useEffect(() => {
    const step = timedStep({ phase, queue, next });
    if (!step) return;
    const timer = setTimeout(() => dispatch(step.action), step.delayMs);
    return () => clearTimeout(timer);
  }, [phase, queue, next, puzzle]);
  return [state, dispatch];
}
