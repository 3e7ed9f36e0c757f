import type { SideFiguresView } from '@rush/protocol';
import { Table, type Column } from '../../ui/Table.tsx';
import { FIGURE_ROWS, type FigureRow } from './labels.ts';
import './figures.css';

interface SideFiguresTableProps {
  caption: string;
  white: { name: string; figures: SideFiguresView | null };
  black: { name: string; figures: SideFiguresView | null };
  showCaption?: boolean;
}

/**
 * Both sides' figures of one game side by side (ACPL, engine matches, error counts, move times):
 * the analysis page and the admin's evidence of a held payout.
 */
export function SideFiguresTable({ caption, white, black, showCaption = false }: SideFiguresTableProps) {
  const side = (s: SideFiguresTableProps['white']) => (row: FigureRow) => (s.figures ? row.value(s.figures) : '–');
  const columns: Column<FigureRow>[] = [
    { key: 'figure', header: 'Figure', cell: (row) => row.label },
    { key: 'white', header: `White: ${white.name}`, cell: side(white), className: 'figure-num' },
    { key: 'black', header: `Black: ${black.name}`, cell: side(black), className: 'figure-num' },
  ];
  return (
    <Table
      caption={caption}
      showCaption={showCaption}
      columns={columns}
      rows={FIGURE_ROWS}
      rowKey={(row) => row.key}
      empty="No figures."
      className="figures-table"
    />
  );
}
