import { useEffect, useState } from 'react';
import { loadOnce } from '../../api/loadOnce.ts';
import type * as GameDialogs from './GameDialogs.tsx';

/** GameDialogs.tsx: the promotion, offer and result dialogs of the game screen. */
export type Dialogs = typeof GameDialogs;

const dialogs = loadOnce(() => import('./GameDialogs.tsx'));

/**
 * Loads the dialogs once for the page. None shows before something happens in the game (a
 * promotion, an offer, the end), so they are not part of the play page's first load (issue 17):
 * the game screen asks for them right after its first render, long before they are needed.
 */
export const loadGameDialogs = (): Promise<Dialogs> => dialogs.load();

/**
 * The dialogs, or null while they load (at once when loaded before). A load that fails is thrown
 * while rendering, as useChessRules does: the route's error boundary reloads for a new build or
 * shows the error page.
 */
export function useGameDialogs(): Dialogs | null {
  const [state, setState] = useState<{ dialogs: Dialogs | null; error: Error | null }>(() => ({
    dialogs: dialogs.loaded(),
    error: null,
  }));
  useEffect(() => {
    if (state.dialogs) return;
    let current = true;
    loadGameDialogs().then(
      (loaded) => {
        if (current) setState({ dialogs: loaded, error: null });
      },
      (error: unknown) => {
        if (current) setState({ dialogs: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [state.dialogs]);
  if (state.error) throw state.error;
  return state.dialogs;
}
