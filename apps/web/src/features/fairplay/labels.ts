import type { MOVE_CLASSES, SideFiguresView } from '@rush/protocol';

/** Words of the analysis page and the admin's held payouts (issue 14; ours, the SPEC gives none). */

export type MoveClassName = (typeof MOVE_CLASSES)[number];

export const MOVE_CLASS_LABEL: Readonly<Record<MoveClassName, string>> = {
  best: 'Best',
  good: 'Good',
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
  book: 'Book',
  forced: 'Forced',
};

export const ANALYSIS_TEXTS = {
  title: 'Game analysis',
  loading: 'Loading the analysis…',
  none: 'This game was not analysed: only games with a stake or a rating are.',
  pending: 'The engine is still analysing this game. The analysis appears here when it is done.',
  failed: 'The engine could not analyse this game.',
  graphTitle: 'Evaluation graph',
  graphSummary:
    "White's advantage in pawns after each move: above the middle line White is better, below Black. Choose a point or a move to see the position.",
  chartLoading: 'Loading the graph…',
  chartFailed: 'The graph could not be drawn; the move list below has the same evaluations.',
} as const;

/** "+0.35", "-2.10", "0.00": centipawns as pawns, White's view. */
export function formatEval(cp: number | null): string {
  // Not evaluated (the book): a dash, never a level "0.00" the engine did not say.
  if (cp === null) return '–';
  const pawns = (cp / 100).toFixed(2);
  return cp > 0 ? `+${pawns}` : cp < 0 ? pawns : '0.00';
}

/** "1.", "1…": a ply's move number as a chess score writes it. */
export function moveNumber(ply: number): string {
  const n = Math.ceil(ply / 2);
  return ply % 2 === 1 ? `${n}.` : `${n}…`;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One row of the per-side figures: its name and how a side's figures read. */
export interface FigureRow {
  key: string;
  label: string;
  value: (f: SideFiguresView) => string;
}

export const FIGURE_ROWS: readonly FigureRow[] = [
  { key: 'counted', label: 'Moves counted', value: (f) => String(f.counted) },
  { key: 'acpl', label: 'Average centipawn loss', value: (f) => f.acpl.toFixed(1) },
  { key: 'top1', label: "Engine's first choice", value: (f) => percent(f.top1) },
  { key: 'top3', label: "One of the engine's top 3", value: (f) => percent(f.top3) },
  { key: 'blunders', label: 'Blunders', value: (f) => String(f.blunders) },
  { key: 'mistakes', label: 'Mistakes', value: (f) => String(f.mistakes) },
  { key: 'inaccuracies', label: 'Inaccuracies', value: (f) => String(f.inaccuracies) },
  { key: 'meanTime', label: 'Mean move time', value: (f) => (f.moveTime ? seconds(f.moveTime.meanMs) : '–') },
  {
    key: 'spread',
    label: 'Move time spread (standard deviation)',
    value: (f) => (f.moveTime ? seconds(Math.sqrt(f.moveTime.varianceMs2)) : '–'),
  },
  {
    key: 'constant',
    label: 'Moves in near-constant time',
    value: (f) => (f.moveTime ? percent(f.moveTime.constantShare) : '–'),
  },
];

export const VERDICT_LABEL = {
  insufficient: 'too few moves to judge',
  clean: 'clean',
  suspect: 'suspect',
} as const;
