import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { positionInfo } from './chess.ts';
import { STANDARD_FEN as START_FEN } from '@rush/domain';
import { Board } from './Board.tsx';
import { describePosition, squareLabel } from './squares.ts';

afterEach(cleanup);

const start = positionInfo(START_FEN);

function renderBoard(props: Partial<Parameters<typeof Board>[0]> = {}) {
  const onMove = vi.fn();
  const view = render(
    <Board
      label="Chess board"
      pieces={start.pieces}
      orientation="white"
      dests={start.dests}
      onMove={onMove}
      {...props}
    />,
  );
  const square = (name: string) => screen.getByRole('button', { name });
  return { ...view, onMove, square };
}

describe('Board', () => {
  test('every square is a control named by square and piece', () => {
    const { square } = renderBoard();
    const board = screen.getByRole('group', { name: 'Chess board' });
    expect(board.querySelectorAll('button')).toHaveLength(64);
    expect(square('e2 white pawn')).toBeTruthy();
    expect(square('e4 empty')).toBeTruthy();
    expect(square('g8 black knight')).toBeTruthy();
    expect(square('e1 white king')).toBeTruthy();
    expect(squareLabel('d8', { color: 'black', kind: 'q' })).toBe('d8 black queen');
  });

  test('one square is in the tab order; arrow keys move the focus as the board is seen', () => {
    const { square } = renderBoard();
    const tabbable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]?.getAttribute('aria-label')).toBe('a1 white rook');
    const e2 = square('e2 white pawn');
    e2.focus();
    fireEvent.keyDown(e2, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(square('e3 empty'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(square('f3 empty'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(square('e2 white pawn'));
    expect(square('e2 white pawn').tabIndex).toBe(0);
  });

  test('seen from black, up is towards rank 1 and a1 is top right', () => {
    const { square } = renderBoard({ orientation: 'black' });
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]?.getAttribute('aria-label')).toBe('h1 white rook');
    const e7 = square('e7 black pawn');
    e7.focus();
    fireEvent.keyDown(e7, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(square('e6 empty'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(square('d6 empty'));
  });

  test('Enter selects a piece, shows its moves, and Enter on a destination plays it', () => {
    const { square, onMove } = renderBoard();
    const e2 = square('e2 white pawn');
    fireEvent.click(e2); // Enter or Space on a button is a click
    expect(e2.getAttribute('aria-pressed')).toBe('true');
    expect(e2.className).toContain('is-selected');
    expect(square('e4 empty').className).toContain('is-dest');
    expect(square('e4 empty').getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(square('e5 empty'));
    expect(onMove).not.toHaveBeenCalled();
    expect(e2.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(e2);
    fireEvent.click(square('e4 empty'));
    expect(onMove).toHaveBeenCalledWith('e2', 'e4');
  });

  test('Escape drops the selection; a piece without moves is not selected', () => {
    const { square, onMove } = renderBoard();
    const g1 = square('g1 white knight');
    fireEvent.click(g1);
    expect(g1.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(g1, { key: 'Escape' });
    expect(g1.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(square('a1 white rook'));
    expect(square('a1 white rook').className).not.toContain('is-selected');
    fireEvent.click(square('e7 black pawn'));
    expect(onMove).not.toHaveBeenCalled();
  });

  test('a read-only board selects nothing', () => {
    const { square, onMove } = renderBoard({ dests: new Map() });
    fireEvent.click(square('e2 white pawn'));
    fireEvent.click(square('e4 empty'));
    expect(onMove).not.toHaveBeenCalled();
    expect(square('e2 white pawn').hasAttribute('aria-pressed')).toBe(false);
  });

  test('dragging a piece with the pointer plays it where it is dropped', () => {
    const { square, onMove } = renderBoard();
    const grid = within(screen.getByRole('group', { name: 'Chess board' })).getByRole('grid');
    grid.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 800 });
    const g1 = square('g1 white knight');
    // g1 is column 6, row 7 (100 px squares); f3 is column 5, row 5.
    fireEvent.pointerDown(g1, { button: 0, pointerId: 1, clientX: 650, clientY: 750 });
    fireEvent.pointerMove(g1, { pointerId: 1, clientX: 600, clientY: 600 });
    fireEvent.pointerUp(g1, { pointerId: 1, clientX: 550, clientY: 550 });
    fireEvent.click(g1); // the click that follows a drag is swallowed
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith('g1', 'f3');
  });

  test('last move and check are marked for sight and for screen readers', () => {
    renderBoard({ lastMove: ['e2', 'e4'], check: 'e1' });
    const e1 = screen.getByRole('button', { name: 'e1 white king' });
    expect(e1.className).toContain('is-check');
    const describedBy = e1.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('in check');
    const e4 = screen.getByRole('button', { name: 'e4 empty' });
    expect(e4.className).toContain('is-last');
  });

  test('the squares form a grid of ranks (rows) and files (columns) with their headers', () => {
    renderBoard();
    const grid = within(screen.getByRole('group', { name: 'Chess board' })).getByRole('grid', { name: 'Squares' });
    const rows = within(grid).getAllByRole('row');
    // A header row of files, then the eight ranks from 8 down to 1 as white sees them.
    expect(rows).toHaveLength(9);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'file a', 'file b', 'file c', 'file d', 'file e', 'file f', 'file g', 'file h']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['rank 8', 'rank 7', 'rank 6', 'rank 5', 'rank 4', 'rank 3', 'rank 2', 'rank 1']);
    const rank2 = rows[7]!;
    expect(within(rank2).getByRole('rowheader').textContent).toBe('rank 2');
    const cells = within(rank2).getAllByRole('gridcell');
    expect(cells).toHaveLength(8);
    expect(within(cells[4]!).getByRole('button').getAttribute('aria-label')).toBe('e2 white pawn');
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(64);
    // The printed coordinates are outside the buttons, whose names carry the square.
    expect(within(cells[0]!).getByRole('button').textContent).toBe('');
    // The keys are told to assistive tools.
    expect(grid.getAttribute('aria-keyshortcuts')).toBe('P');
    const hint = document.getElementById(grid.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('P reads the position');
  });

  test('seen from black, the rows run from rank 1 and the columns from file h', () => {
    renderBoard({ orientation: 'black' });
    const grid = screen.getByRole('grid');
    const rows = within(grid).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader')[1]?.textContent).toBe('file h');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('rank 1');
    expect(within(rows[1]!).getAllByRole('button')[0]?.getAttribute('aria-label')).toBe('h1 white rook');
  });

  test('P on a square reads the whole position in a live region, again when asked again', () => {
    const { square } = renderBoard({ dests: new Map() });
    const announcer = screen.getByTestId('board-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('');
    const e2 = square('e2 white pawn');
    e2.focus();
    fireEvent.keyDown(e2, { key: 'p' });
    const text = announcer.textContent ?? '';
    expect(text).toBe(
      'White: King e1, Queen d1, Rooks a1 and h1, Bishops c1 and f1, Knights b1 and g1, ' +
        'Pawns a2, b2, c2, d2, e2, f2, g2 and h2. ' +
        'Black: King e8, Queen d8, Rooks a8 and h8, Bishops c8 and f8, Knights b8 and g8, ' +
        'Pawns a7, b7, c7, d7, e7, f7, g7 and h7.',
    );
    // The same position asked for again changes the region (so it is read again), and Shift+P works too.
    fireEvent.keyDown(e2, { key: 'P', shiftKey: true });
    expect(announcer.textContent).not.toBe(text);
    expect(announcer.textContent?.trim()).toBe(text);
    // Focus stays on the square; Ctrl+P is left to the browser.
    expect(document.activeElement).toBe(e2);
    fireEvent.keyDown(e2, { key: 'p', ctrlKey: true });
    expect(announcer.textContent?.trim()).toBe(text);
  });

  test('the position in words: single pieces, promoted ones, a bare side', () => {
    expect(
      describePosition({
        e1: { color: 'white', kind: 'k' },
        a8: { color: 'white', kind: 'q' },
        b8: { color: 'white', kind: 'q' },
        h8: { color: 'black', kind: 'k' },
        g7: { color: 'black', kind: 'p' },
      }),
    ).toBe('White: King e1, Queens a8 and b8. Black: King h8, Pawn g7.');
    expect(describePosition({})).toBe('White: no pieces. Black: no pieces.');
  });
});
