import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PuzzleView, RushStats, SoloRunView } from '@rush/protocol';
import { createQueryClient } from '../../app/providers.tsx';
import { makeMe } from '../../test/fakes.ts';
import { mockApi, type Handler } from '../../test/render.tsx';
import { CasualPuzzlePage } from './CasualPuzzle.tsx';
import { PuzzleModesPage } from './PuzzleModesPage.tsx';
import { SoloRushPage } from './SoloRushPage.tsx';

/** Test data and a harness for the puzzle screens (mocked HTTP, fake timers). */

/**
 * Lichess 0000D: White's Qd6 first, then Black (the user) plays Rd8, White takes Qxd8, and Bxd8
 * wins the queen. The solution never reaches the browser: tests answer each move.
 */
export const QUEEN_TRAP = {
  fen: '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27',
  moves: ['d3d6', 'f8d8', 'd6d8', 'f6d8'],
};

/** Lichess 0009B: Black's ...bxc5 first, then White (the user) plays Bxg4. */
export const BISHOP_TAKES = {
  fen: 'r2qr1k1/b1p2ppp/pp4n1/P1P1p3/4P1n1/B2P2Pb/3NBP1P/RN1QR1K1 b - - 1 16',
  moves: ['b6c5', 'e2g4', 'h3g4', 'd1g4'],
};

export function makePuzzle(
  source: { fen: string; moves: string[] } = QUEEN_TRAP,
  overrides: Partial<PuzzleView> = {},
): PuzzleView {
  return {
    attemptId: 'a1',
    puzzleId: 'p1',
    fen: source.fen,
    firstMove: source.moves[0]!,
    color: source.fen.split(' ')[1] === 'w' ? 'black' : 'white',
    rating: 1492,
    themes: ['advantage', 'endgame', 'short'],
    userMoves: source.moves.length / 2,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<RushStats> = {}): RushStats {
  return {
    puzzlesCompleted: 0,
    strikes: 0,
    skips: 0,
    currentStreak: 0,
    largestStreak: 0,
    score: 0,
    ...overrides,
  };
}

export function makeRun(overrides: Partial<SoloRunView> = {}): SoloRunView {
  return {
    runId: 'r1',
    status: 'ready',
    endsAt: null,
    durationMs: 180_000,
    stats: makeStats(),
    puzzles: [makePuzzle(), makePuzzle(BISHOP_TAKES, { attemptId: 'a2', puzzleId: 'p2' })],
    best: 0,
    serverNow: new Date().toISOString(),
    ...overrides,
  };
}

/** Fake timers for the 1 s / 700 ms / 750 ms pauses; promises (fetch) still settle. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Lets pending answers arrive: fetch bodies settle on real macrotasks, the cache on timers. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/**
 * Lets answers arrive, then moves `ms` on the fake clock (and lets what that caused arrive).
 * Separate act scopes: React commits (and effects start their timers) between the steps.
 */
export async function advance(ms = 0): Promise<void> {
  await act(settle);
  await act(settle);
  if (ms > 0) await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(settle);
  await act(settle);
}

/**
 * The puzzle routes at `path` over mockApi (signed in as alice); no active puzzle game unless a
 * test's routes say so. `location()` is where the router is now.
 */
export function renderPuzzles(path: string, routes: Record<string, Handler> = {}) {
  const api = mockApi({
    me: makeMe(),
    routes: { 'GET /api/puzzles/active': () => ({ body: { active: null } }), ...routes },
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  const router = createMemoryRouter(
    [
      { path: '/puzzle-game', element: <PuzzleModesPage /> },
      { path: '/puzzle-game/casual', element: <CasualPuzzlePage /> },
      { path: '/puzzle-game/solo-rush', element: <SoloRushPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, api, router, queryClient, location: () => router.state.location };
}
