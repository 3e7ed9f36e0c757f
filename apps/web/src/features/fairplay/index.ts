/** fairplay's public surface: a game's analysis (spectators) and the side-by-side figures (admin). */
export { AnalysisPanel } from './AnalysisPanel.tsx';
export { SideFiguresTable } from './SideFiguresTable.tsx';
