import { describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PUZZLE_TEXTS } from '@rush/domain';
import type { MoveVerdictView } from '@rush/protocol';
import { createQueryClient } from '../../app/providers.tsx';
import { mockApi, type RecordedCall } from '../../test/render.tsx';
import { CasualPuzzle } from './CasualPuzzle.tsx';
import { advance, makePuzzle, QUEEN_TRAP, renderPuzzles, useFakeClock } from './testing.tsx';

const square = (name: string) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status');

function play(from: string, to: string) {
  fireEvent.click(square(from));
  fireEvent.click(square(to));
}

/** The server's judge for QUEEN_TRAP: the solution's move is right, anything else wrong. */
function judge(call: RecordedCall): { body: MoveVerdictView } {
  const { ply, uci } = call.body as { ply: number; uci: string };
  if (QUEEN_TRAP.moves[ply] !== uci) return { body: { verdict: 'wrong', reply: null, solved: false } };
  const reply = QUEEN_TRAP.moves[ply + 1] ?? null;
  return { body: { verdict: 'correct', reply, solved: reply === null } };
}

function startCasual(path = '/puzzle-game/casual?difficulty=harder&theme=fork') {
  let served = 0;
  const app = renderPuzzles(path, {
    'GET /api/puzzles/next': () => {
      served += 1;
      return { body: { puzzle: makePuzzle(undefined, { attemptId: `a${served}` }), userRating: 1500 } };
    },
    'POST /api/puzzles/attempts/a1/move': judge,
    'POST /api/puzzles/attempts/a1/solution': () => ({ body: { moves: QUEEN_TRAP.moves } }),
  });
  return { ...app, served: () => served };
}

describe('casual puzzles', () => {
  test('asks for the chosen difficulty and theme, plays the first move after 1 s, from the user side', async () => {
    useFakeClock();
    const { api } = startCasual();
    await advance();
    expect(api.fetchMock.mock.calls.map(([url]) => url as string)).toContain(
      '/api/puzzles/next?difficulty=harder&theme=fork',
    );
    expect(screen.getByRole('heading', { name: 'Casual Puzzles' })).toBeTruthy();
    expect(screen.getByText('Harder · Fork')).toBeTruthy();
    // Black to play: the board is seen from Black's side (h1 is the first square shown).
    const squares = screen.getAllByRole('button', { name: /^[a-h][1-8] / });
    expect(squares[0]?.getAttribute('data-square')).toBe('h1');
    expect(square('d3 white queen')).toBeTruthy();
    await advance(999);
    expect(square('d6 empty')).toBeTruthy();
    expect(status().textContent).not.toContain('Move for Black');
    await advance(1);
    expect(square('d6 white queen')).toBeTruthy();
    expect(status().textContent).toContain(PUZZLE_TEXTS.moveFor('black'));
    expect(status().textContent).toContain(PUZZLE_TEXTS.makeFirstMove);
  });

  test('a correct move, its reply 700 ms later, then the solving move', async () => {
    useFakeClock();
    const { api } = startCasual();
    await advance(1000);
    play('f8 black rook', 'd8 empty');
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/attempts/a1/move')[0]?.body).toEqual({ ply: 1, uci: 'f8d8' });
    expect(status().textContent).toContain(PUZZLE_TEXTS.correctMove);
    expect(status().textContent).not.toContain(PUZZLE_TEXTS.makeFirstMove);
    expect(square('d8 black rook')).toBeTruthy();
    await advance(699);
    expect(square('d8 black rook')).toBeTruthy();
    await advance(1);
    expect(square('d8 white queen')).toBeTruthy();
    expect(status().textContent).toContain(PUZZLE_TEXTS.moveFor('black'));
    play('f6 black bishop', 'd8 white queen');
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/attempts/a1/move')[1]?.body).toEqual({ ply: 3, uci: 'f6d8' });
    expect(status().textContent).toContain(PUZZLE_TEXTS.solved);
    expect(square('d8 black bishop')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solve' })).toBeNull();
  });

  test('Next waits 750 ms before the next puzzle', async () => {
    useFakeClock();
    const app = startCasual();
    await advance(1000);
    play('f8 black rook', 'd8 empty');
    await advance(700);
    play('f6 black bishop', 'd8 white queen');
    await advance();
    expect(app.served()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(749);
    expect(app.served()).toBe(1);
    await advance(1);
    expect(app.served()).toBe(2);
    // The new puzzle starts over: its first move again after 1 s.
    expect(square('d3 white queen')).toBeTruthy();
    await advance(1000);
    expect(square('d6 white queen')).toBeTruthy();
    expect(status().textContent).toContain(PUZZLE_TEXTS.makeFirstMove);
  });

  test('a wrong move stays with a red cross and a click on the board undoes it', async () => {
    useFakeClock();
    startCasual();
    await advance(1000);
    play('b6 black queen', 'a5 empty');
    await advance();
    expect(status().textContent).toContain(PUZZLE_TEXTS.wrongMove);
    expect(square('a5 black queen')).toBeTruthy();
    const cross = screen.getByTestId('wrong-move-cross');
    expect(cross.getAttribute('data-square')).toBe('a5');
    expect(screen.getByRole('button', { name: 'Try something else' })).toBeTruthy();
    // Any square undoes it (and selects nothing).
    fireEvent.click(square('h8 empty'));
    expect(screen.queryByTestId('wrong-move-cross')).toBeNull();
    expect(square('b6 black queen')).toBeTruthy();
    expect(square('a5 empty')).toBeTruthy();
    expect(status().textContent).toContain(PUZZLE_TEXTS.makeFirstMove);
    expect(status().textContent).not.toContain(PUZZLE_TEXTS.wrongMove);
    // ...and the user can try again.
    play('f8 black rook', 'd8 empty');
    await advance();
    expect(status().textContent).toContain(PUZZLE_TEXTS.correctMove);
  });

  test('"Try something else" undoes the wrong move too', async () => {
    useFakeClock();
    startCasual();
    await advance(1000);
    play('b6 black queen', 'a5 empty');
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'Try something else' }));
    expect(screen.queryByTestId('wrong-move-cross')).toBeNull();
    expect(square('b6 black queen')).toBeTruthy();
  });

  test('Solve plays the solution 1 s apart, then Reset replays the puzzle locally and Next goes on', async () => {
    useFakeClock();
    const { api } = startCasual();
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Solve' }));
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/attempts/a1/solution')).toHaveLength(1);
    expect(square('f8 black rook')).toBeTruthy();
    await advance(1000);
    expect(square('d8 black rook')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await advance(1000);
    expect(square('d8 white queen')).toBeTruthy();
    await advance(1000);
    expect(square('d8 black bishop')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(square('d3 white queen')).toBeTruthy();
    expect(square('f8 black rook')).toBeTruthy();
    await advance(1000);
    expect(square('d6 white queen')).toBeTruthy();
    // Replayed against the known solution, on this device.
    play('f8 black rook', 'd8 empty');
    await advance();
    expect(status().textContent).toContain(PUZZLE_TEXTS.correctMove);
    await advance(700);
    expect(square('d8 white queen')).toBeTruthy();
    play('f6 black bishop', 'd8 white queen');
    await advance();
    expect(status().textContent).toContain(PUZZLE_TEXTS.solved);
    expect(api.callsTo('POST', '/api/puzzles/attempts/a1/move')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(750);
    expect(api.callsTo('GET', '/api/puzzles/next')).toHaveLength(2);
  });

  test('a promotion asks which piece, as in the game screen', async () => {
    useFakeClock();
    const fen = '8/1P6/8/8/8/8/k7/2K5 b - - 0 1';
    const promo = { fen, moves: ['a2a3', 'b7b8q', 'a3a4', 'b8b4'] };
    const { api } = renderPuzzles('/puzzle-game/casual', {
      'GET /api/puzzles/next': () => ({ body: { puzzle: makePuzzle(promo), userRating: 1500 } }),
      'POST /api/puzzles/attempts/a1/move': () => ({ body: { verdict: 'correct', reply: 'a3a4', solved: false } }),
    });
    await advance(1000);
    play('b7 white pawn', 'b8 empty');
    fireEvent.click(screen.getByRole('button', { name: 'Queen' }));
    await advance();
    expect(api.callsTo('POST', '/api/puzzles/attempts/a1/move')[0]?.body).toEqual({ ply: 1, uci: 'b7b8q' });
    expect(square('b8 white queen')).toBeTruthy();
  });

  test('Finish leaves for the mode selection', async () => {
    const app = startCasual();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(app.location().pathname).toBe('/puzzle-game');
  });

  test('embedded: "Go back" instead of "Finish"', async () => {
    startCasual('/puzzle-game/casual?embedded');
    expect(await screen.findByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
  });

  test('embedded in another screen, "Go back" hands control back', async () => {
    mockApi({
      routes: { 'GET /api/puzzles/next': () => ({ body: { puzzle: makePuzzle(), userRating: 1500 } }) },
    });
    const onBack = vi.fn();
    const client = createQueryClient();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: <CasualPuzzle embedded onBack={onBack} settings={{ difficulty: 'normal', theme: 'healthyMix' }} />,
        },
      ],
      { initialEntries: ['/match'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Casual Puzzles' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/match');
  });

  test('while the catalogue imports: the progress, then the puzzle once ready', async () => {
    let ready = false;
    renderPuzzles('/puzzle-game/casual', {
      'GET /api/puzzles/next': () =>
        ready
          ? { body: { puzzle: makePuzzle(), userRating: 1500 } }
          : { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Importing' } } },
      'GET /api/puzzles/status': () => ({ body: { ready, imported: ready ? 60_000 : 12_000, total: 60_000 } }),
    });
    expect(await screen.findByText(PUZZLE_TEXTS.importing(12_000, 60_000))).toBeTruthy();
    ready = true;
    expect(await screen.findByRole('button', { name: 'd3 white queen' }, { timeout: 3000 })).toBeTruthy();
  });
});
