import { Button } from './Button.tsx';

export type PageItem = number | 'gap';

/**
 * The page numbers to offer: all of them when there are few, otherwise the first, the last and
 * the current page with its neighbours, with gaps between.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(page - 1, pageCount - 4));
  const end = Math.min(pageCount - 1, Math.max(page + 1, 5));
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pageCount - 1) items.push('gap');
  items.push(pageCount);
  return items;
}

/** How many pages `total` rows make at `pageSize` a page (at least one; a zero size counts as `fallbackSize`). */
export function pageCountOf(total: number, pageSize: number, fallbackSize = 1): number {
  return Math.max(1, Math.ceil(total / (pageSize || Math.max(1, fallbackSize))));
}

interface PaginationProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  className?: string;
}

/** Previous / page numbers / Next. Nothing when everything fits on one page. */
export function Pagination({ label, page, pageCount, onPage, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={['pagination', className].filter(Boolean).join(' ')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <ul className="pagination-pages">
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination-page"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => {
                  if (item !== page) onPage(item);
                }}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
