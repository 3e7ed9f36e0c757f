import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import './table.css';

/**
 * Whether the element scrolls sideways (a wide table on a phone). Such a region must be
 * reachable by keyboard to be scrolled without a pointer (WCAG 2.1.1; axe's
 * scrollable-region-focusable): it becomes a focusable, named region only while it scrolls.
 */
function useScrollsSideways<T extends HTMLElement>(active: boolean): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [active]);
  return [ref, scrolls];
}

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
  const [wrapRef, scrolls] = useScrollsSideways<HTMLDivElement>(rows.length > 0);
  if (rows.length === 0) return <p className="table-empty">{empty}</p>;
  return (
    <div
      ref={wrapRef}
      className="table-wrap"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
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
