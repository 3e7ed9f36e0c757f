import { describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../test/render.tsx';
import { pageCountOf, pageItems, Pagination } from './Pagination.tsx';

describe('pageCountOf', () => {
  test.each([
    [0, 20, 1, 1],
    [20, 20, 1, 1],
    [21, 20, 1, 2],
    [41, 0, 20, 3], // a size of 0 from the server counts as the page's own size
    [5, 0, 0, 5],
  ])('%i rows at %i a page (fallback %i) -> %i pages', (total, size, fallback, pages) => {
    expect(pageCountOf(total, size, fallback)).toBe(pages);
  });
});

describe('pageItems', () => {
  test.each([
    [1, 1, [1]],
    [2, 5, [1, 2, 3, 4, 5]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 10, [1, 'gap', 6, 7, 8, 9, 10]],
  ] as const)('page %i of %i', (page, count, expected) => {
    expect(pageItems(page, count)).toEqual(expected);
  });

  test('always the first, the last and the current page, never more than 7 items', () => {
    for (let count = 1; count <= 40; count += 1) {
      for (let page = 1; page <= count; page += 1) {
        const items = pageItems(page, count);
        expect(items).toContain(1);
        expect(items).toContain(count);
        expect(items).toContain(page);
        expect(items.length).toBeLessThanOrEqual(7);
        const numbers = items.filter((i): i is number => i !== 'gap');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});

describe('Pagination', () => {
  test('nothing for a single page', () => {
    const { container } = render(<Pagination label="Pages" page={1} pageCount={1} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  test('Previous, numbered pages and Next', () => {
    const onPage = vi.fn();
    render(<Pagination label="Pages" page={2} pageCount={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPage.mock.calls).toEqual([[1], [3], [3]]);
  });
});
