import { useEffect, useState } from 'react';
import { loadOnce } from '../../api/loadOnce.ts';
import type * as ChessRules from './chess.ts';

/** chess.ts: legal moves, typed moves and the check, read with chess.js. */
export type Rules = typeof ChessRules;

const rules = loadOnce(() => import('./chess.ts'));

/**
 * Loads the rules once for the page. chess.js is not part of the play page's first load
 * (issue 17): the board draws from the FEN (fen.ts) and offers moves once this is in.
 */
export const loadChessRules = (): Promise<Rules> => rules.load();

/**
 * The rules, or null while they load (at once when another board already loaded them). Until
 * then nothing can be played: no legal move exists without them. A load that fails is thrown
 * while rendering, as a page whose code did not load is: the route's error boundary reloads
 * for a new build or shows the error page.
 */
export function useChessRules(): Rules | null {
  const [state, setState] = useState<{ rules: Rules | null; error: Error | null }>(() => ({
    rules: rules.loaded(),
    error: null,
  }));
  useEffect(() => {
    if (state.rules) return;
    let current = true;
    loadChessRules().then(
      (loaded) => {
        if (current) setState({ rules: loaded, error: null });
      },
      (error: unknown) => {
        if (current) setState({ rules: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [state.rules]);
  if (state.error) throw state.error;
  return state.rules;
}
