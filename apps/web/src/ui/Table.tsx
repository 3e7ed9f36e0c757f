import type { ReactNode } from 'react';
import './table.css';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface TableProps<Row> {
  /** The table's accessible name (shown visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** True while newer rows are on their way (the old ones stay visible). */
  busy?: boolean;
  className?: string;
}

/**
 * A data table. Below 600 px each row becomes a stacked card whose cells carry their column's
 * name; the explicit roles keep the table semantics when CSS changes the display of its parts.
 */
export function Table<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  busy = false,
  className,
}: TableProps<Row>) {
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  return (
    <div className="table-wrap">
      <table role="table" className={['data-table', className].filter(Boolean).join(' ')} aria-busy={busy || undefined}>
        <caption className={showCaption ? 'table-caption' : 'visually-hidden'}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} role="columnheader" scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td key={column.key} role="cell" className={column.className} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
