import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, type Page, type Response } from '@playwright/test';
import { applyUci, boardOf, puzzleFromCsv, PUZZLE_TEXTS, type PuzzleRow } from '@rush/domain';

/**
 * The tests know the catalogue the server imported (the repo's gzipped sample), so they can
 * play a puzzle's solution the way a person who knows it would, while the browser never does.
 */
const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/data/puzzles/lichess-puzzles-sample.csv.gz',
);
let catalogue: Map<string, PuzzleRow> | null = null;

export function puzzleById(id: string): PuzzleRow {
  if (!catalogue) {
    catalogue = new Map();
    for (const line of gunzipSync(fs.readFileSync(SAMPLE)).toString('utf8').split('\n').slice(1)) {
      const row = puzzleFromCsv(line.split(','));
      if (row) catalogue.set(row.id, row);
    }
  }
  const p = catalogue.get(id);
  if (!p) throw new Error(`puzzle ${id} is not in the sample`);
  return p;
}

/** Waits until the server finished importing the bundled catalogue (first start). */
export async function waitForCatalogue(page: Page): Promise<void> {
  await expect
    .poll(async () => ((await (await page.request.get('/api/puzzles/status')).json()) as { ready: boolean }).ready, {
      timeout: 90_000,
    })
    .toBe(true);
}

/** The puzzle id in a response that carries a PuzzleView (casual next, solo run, battle puzzle). */
export async function puzzleIdOf(response: Response): Promise<string> {
  const body = (await response.json()) as {
    puzzle?: { puzzleId: string } | null;
    puzzles?: Array<{ puzzleId: string }>;
  };
  const id = body.puzzle?.puzzleId ?? body.puzzles?.[0]?.puzzleId;
  if (!id) throw new Error('no puzzle in the response');
  return id;
}

/** The puzzle screens' board ("Puzzle board"; any board of the page). */
const boardGroup = (page: Page) => page.getByRole('group', { name: /board$/i });

const PIECE: Record<string, string> = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight' };

/** Clicks a move on the board (the square buttons are named "e2 white pawn"), promoting if asked. */
export async function clickUci(page: Page, uci: string): Promise<void> {
  const board = boardGroup(page);
  await board.getByRole('button', { name: new RegExp(`^${uci.slice(0, 2)}( |$)`) }).click();
  await board.getByRole('button', { name: new RegExp(`^${uci.slice(2, 4)}( |$)`) }).click();
  if (uci.length === 5) {
    await page.getByRole('dialog', { name: 'Promote to' }).getByRole('button', { name: PIECE[uci[4]!]! }).click();
  }
}

/** Waits until the piece of a move stands on its destination (an auto-played move arrived). */
export async function waitForMove(page: Page, p: PuzzleRow, ply: number): Promise<void> {
  const board = boardOf(p.fen);
  for (const m of p.moves.slice(0, ply + 1)) applyUci(board, m);
  const to = p.moves[ply]!.slice(2, 4);
  const piece = board.get(to as Parameters<typeof board.get>[0]);
  const color = piece?.color === 'w' ? 'white' : 'black';
  await expect(boardGroup(page).getByRole('button', { name: new RegExp(`^${to} ${color} `) })).toBeVisible();
}

/**
 * A battle counts moves once it has begun: the start overlay lifts 1.2 s before (SPEC 9), and the
 * status says the battle is about to begin until then.
 */
export async function waitForBattleStart(page: Page): Promise<void> {
  await expect(page.locator('.battle-status')).not.toHaveText(PUZZLE_TEXTS.notBegun);
}

/** Plays the user's moves of the solution, waiting for each reply; ends solved. */
export async function playSolution(page: Page, p: PuzzleRow): Promise<void> {
  await waitForMove(page, p, 0);
  for (let ply = 1; ply < p.moves.length; ply += 2) {
    await clickUci(page, p.moves[ply]!);
    if (ply + 1 < p.moves.length) await waitForMove(page, p, ply + 1);
  }
}

/** A legal move at the user's first ply that is not a solution (not the move, not a mate). */
export function wrongFirstMove(p: PuzzleRow): string {
  const board = boardOf(p.fen);
  applyUci(board, p.moves[0]!);
  for (const m of board.moves({ verbose: true })) {
    const uci = `${m.from}${m.to}${m.promotion ?? ''}`;
    if (uci === p.moves[1]) continue;
    const after = boardOf(board.fen());
    applyUci(after, uci);
    if (!after.isCheckmate() && !m.promotion) return uci;
  }
  throw new Error(`no wrong move in puzzle ${p.id}`);
}
