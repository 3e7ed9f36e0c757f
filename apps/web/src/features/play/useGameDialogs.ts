import { loadOnce } from '../../api/loadOnce.ts';
import { useLoadedModule } from '../../ui/useLoadedModule.ts';
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

/** The dialogs, or null while they load (at once when loaded before); a failed load is thrown while rendering. */
export const useGameDialogs = (): Dialogs | null => useLoadedModule(dialogs);
