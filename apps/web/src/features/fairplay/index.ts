/** fairplay's public surface: a game's analysis (spectators), the side-by-side figures and the held games (admin). */
export { AnalysisPanel } from './AnalysisPanel.tsx';
export { SideFiguresTable } from './SideFiguresTable.tsx';
export { clearHeldGame, confirmHeldGame, fetchHeldGames } from './api.ts';
