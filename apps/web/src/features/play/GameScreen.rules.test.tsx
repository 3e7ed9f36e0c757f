import { afterEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

afterEach(() => {
  vi.doUnmock('./chess.ts');
  vi.resetModules();
});

test('the board draws at once and offers no move, by pointer, keyboard or text, until the rules load', async () => {
  // A fresh copy of the app's modules (the test setup loaded the rules into the other one),
  // whose rules arrive when the test says.
  vi.resetModules();
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('./chess.ts', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  await (await import('../../api/schemaLoader.ts')).loadSchemas();
  const { PLAY_TEXTS } = await import('@rush/domain');
  const { GameScreen } = await import('./GameScreen.tsx');
  const { liveGame } = await import('./liveGame.ts');
  const { makeGame, renderWithPlay } = await import('./testing.tsx');
  const { connect, commands } = renderWithPlay(<GameScreen game={liveGame(makeGame(), Date.now())} />);
  connect();

  // The squares' grid inside the board group carries whether moves are offered.
  const board = within(screen.getByRole('group', { name: 'Chess board' })).getByRole('grid');
  expect(board.hasAttribute('data-interactive')).toBe(false);
  const e2 = screen.getByRole('button', { name: 'e2 white pawn' });
  fireEvent.click(e2);
  fireEvent.click(screen.getByRole('button', { name: 'e4 empty' }));
  e2.focus();
  fireEvent.keyDown(e2, { key: 'Enter' });
  fireEvent.change(screen.getByLabelText('Enter move'), { target: { value: 'e4' } });
  fireEvent.submit(screen.getByLabelText('Enter move').closest('form')!);
  expect(screen.getByRole('alert').textContent).toBe(PLAY_TEXTS.rulesLoading);
  expect(commands()).toEqual([]);

  await act(async () => {
    arrive();
    await arrived;
  });
  await waitFor(() => expect(board.hasAttribute('data-interactive')).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'e2 white pawn' }));
  fireEvent.click(screen.getByRole('button', { name: 'e4 empty' }));
  expect(commands().find((c) => c.name === 'game.move')?.payload).toMatchObject({ ply: 1, uci: 'e2e4' });
});
