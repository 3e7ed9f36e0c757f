import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Table } from './Table.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const columns = [{ key: 'name', header: 'Name', cell: (row: { name: string }) => row.name }];

/** jsdom lays nothing out: the wrapper's widths and the observer are stood in for. */
function withLayout(scrollWidth: number, clientWidth: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback();
      }
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

describe('Table', () => {
  test('a table wider than its place is a focusable region named by its caption (scrollable by keyboard)', () => {
    withLayout(600, 320);
    render(<Table caption="Scores" columns={columns} rows={[{ name: 'ada' }]} rowKey={(r) => r.name} empty="" />);
    const region = screen.getByRole('region', { name: 'Scores' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).toBeTruthy();
  });

  test('a table that fits adds no tab stop', () => {
    withLayout(320, 320);
    render(<Table caption="Scores" columns={columns} rows={[{ name: 'ada' }]} rowKey={(r) => r.name} empty="" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table', { name: 'Scores' }).parentElement?.hasAttribute('tabindex')).toBe(false);
  });
});
