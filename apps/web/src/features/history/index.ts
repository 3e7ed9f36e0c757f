/** history's entry: the History overlay (app/ loads it on demand from its own file). */
export { HistoryOverlay } from './HistoryOverlay.tsx';
