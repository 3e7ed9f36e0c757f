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
  // The board says it is busy, and the move box waits (disabled) rather than refuse a move.
  expect(screen.getByRole('group', { name: 'Chess board' }).getAttribute('aria-busy')).toBe('true');
  expect(screen.getByLabelText<HTMLInputElement>('Enter move').disabled).toBe(true);
  expect(screen.queryByText(PLAY_TEXTS.rulesLoading)).toBeNull();
  expect(commands()).toEqual([]);

  await act(async () => {
    arrive();
    await arrived;
  });
  await waitFor(() => expect(board.hasAttribute('data-interactive')).toBe(true));
  expect(screen.getByRole('group', { name: 'Chess board' }).hasAttribute('aria-busy')).toBe(false);
  expect(screen.getByLabelText<HTMLInputElement>('Enter move').disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'e2 white pawn' }));
  fireEvent.click(screen.getByRole('button', { name: 'e4 empty' }));
  expect(commands().find((c) => c.name === 'game.move')?.payload).toMatchObject({ ply: 1, uci: 'e2e4' });
});
