import type { Locator } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { boardColor, clickMove, startGameViaApi } from '../support/play.ts';
import { waitForCatalogue } from '../support/puzzles.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';

/**
 * Issue 36, item 1: every board in the product is square, and so is each of its 64 squares,
 * whatever stands on it (the landing's hero board had tall ranks with pieces and short empty
 * ones). Measured in Chromium at a desktop and a phone width: jsdom lays nothing out.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Height over width, and each side against the first square's: within 2%. */
const TOLERANCE = 0.02;

interface Box {
  name: string;
  width: number;
  height: number;
}

/** What is not square about the board and its squares (empty when all are). */
function flaws(board: Box, squares: Box[]): string[] {
  const out: string[] = [];
  if (squares.length !== 64) out.push(`${squares.length} squares, not 64`);
  const off = (ratio: number) => Math.abs(ratio - 1) > TOLERANCE;
  if (off(board.height / board.width)) out.push(`board ${board.width}x${board.height}`);
  const first = squares[0];
  for (const s of squares) {
    if (off(s.height / s.width)) out.push(`${s.name} ${s.width}x${s.height}`);
    else if (first && (off(s.width / first.width) || off(s.height / first.height)))
      out.push(`${s.name} ${s.width}x${s.height} beside ${first.name} ${first.width}x${first.height}`);
  }
  return out;
}

async function boxes(board: Locator, squares: string): Promise<{ board: Box; squares: Box[] }> {
  return board.evaluate((el, selector) => {
    const box = (e: Element, name: string) => {
      const r = e.getBoundingClientRect();
      return { name, width: Math.round(r.width * 100) / 100, height: Math.round(r.height * 100) / 100 };
    };
    return {
      board: box(el, 'board'),
      squares: Array.from(el.querySelectorAll(selector)).map((s, i) =>
        box(s, s.getAttribute('data-square') ?? `#${i}`),
      ),
    };
  }, squares);
}

/** At each width: the board (`board`, its squares matched by `squares`) and every square are square. */
async function expectSquareAtBothWidths(page: Page, what: string, board: Locator, squares: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect(board).toBeVisible();
    await expect
      .poll(
        async () => {
          const measured = await boxes(board, squares);
          return flaws(measured.board, measured.squares);
        },
        { message: `${what} at ${size.width} px` },
      )
      .toEqual([]);
  }
}

/** The squares of the shared board (ui/board/Board.tsx), within its grid. */
const SHARED_SQUARES = '.board-square';
/** The square grid inside the shared board's group ("Chess board", "Puzzle board"). */
const gridOf = (group: Locator) => group.locator('.board-grid');

test('the landing hero board is square, rank by rank, at desktop and phone widths', async ({ page }) => {
  await dismissOnboarding(page);
  await page.goto('/');
  const board = page.locator('.featured .hero-board');
  await expectSquareAtBothWidths(page, 'landing hero board', board, '.sq');
});

test('the game, spectator and analysis boards are square at desktop and phone widths', async ({ browser, baseURL }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [pageA, pageB, viewer] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
  for (const page of [pageA, pageB, viewer]) await dismissOnboarding(page);
  await signedInPerson(pageA);
  const userB = await signedInPerson(pageB);
  await signedInPerson(viewer);
  const gameId = await startGameViaApi(pageA, pageB, userB.username, baseURL!);

  // The game board, as a player sees it on /match.
  await Promise.all([pageA.goto('/match'), pageB.goto('/match')]);
  const gameBoard = pageA.getByRole('group', { name: 'Chess board' });
  await expectSquareAtBothWidths(pageA, 'game board', gridOf(gameBoard), SHARED_SQUARES);

  // The spectator's board on /tv.
  await viewer.goto(`/tv/${gameId}`);
  await expectSquareAtBothWidths(
    viewer,
    'spectator board',
    gridOf(viewer.getByRole('group', { name: 'Chess board' })),
    SHARED_SQUARES,
  );

  // Fool's mate ends the game, so its analysis can be opened: the replay's board under it.
  const white = (await boardColor(pageA)) === 'white' ? pageA : pageB;
  const black = white === pageA ? pageB : pageA;
  // Each side moves once the other's move reached its board (before, the piece is not theirs to move).
  for (const [mover, from, to, piece] of [
    [white, 'f2', 'f3', 'white pawn'],
    [black, 'e7', 'e5', 'black pawn'],
    [white, 'g2', 'g4', 'white pawn'],
    [black, 'd8', 'h4', 'black queen'],
  ] as const) {
    await clickMove(mover, from, to);
    const other = mover === white ? black : white;
    await expect(other.getByRole('button', { name: `${to} ${piece}` })).toBeVisible();
  }
  await expect(black.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();

  await black.goto(`/tv/${gameId}?analysis=1&orientation=black`);
  await expect(black.getByRole('heading', { name: 'Game analysis' })).toBeVisible();
  await expect(black.getByRole('button', { name: 'h4 black queen' })).toBeVisible();
  await expectSquareAtBothWidths(
    black,
    'analysis board',
    gridOf(black.getByRole('group', { name: 'Chess board' })),
    SHARED_SQUARES,
  );
});

test('the casual puzzle board is square at desktop and phone widths', async ({ page }) => {
  await dismissOnboarding(page);
  await signedInPerson(page);
  await waitForCatalogue(page);
  await page.goto('/puzzle-game/casual');
  const board = page.getByRole('group', { name: /board$/i });
  // A position with its pieces, not the empty board before the puzzle arrives.
  await expect(board.getByRole('button', { name: / (white|black) king$/ }).first()).toBeVisible();
  await expectSquareAtBothWidths(page, 'casual puzzle board', gridOf(board), SHARED_SQUARES);
});
