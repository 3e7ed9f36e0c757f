import { loadOnce } from '../../api/loadOnce.ts';
import { useLoadedModule } from '../useLoadedModule.ts';
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
 * then nothing can be played: no legal move exists without them. A failed load is thrown while
 * rendering (useLoadedModule).
 */
export const useChessRules = (): Rules | null => useLoadedModule(rules);
