import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PUZZLE_TEXTS } from '@rush/domain';
import { renderPuzzles } from './testing.tsx';

const READY = { 'GET /api/puzzles/status': () => ({ body: { ready: true, imported: 60_000, total: 60_000 } }) };

describe('puzzle mode selection', () => {
  test('Casual and Solo have Start, Battle has Next', async () => {
    renderPuzzles('/puzzle-game', READY);
    expect(await screen.findByRole('heading', { name: 'Puzzle Games' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Casual/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Solo/ }));
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.getByLabelText('Difficulty')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Battle/ }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    // Battle sets difficulty and theme at its own next step.
    expect(screen.queryByLabelText('Difficulty')).toBeNull();
  });

  test('difficulty and theme default to Normal and Healthy mix, and Start carries the choice', async () => {
    const app = renderPuzzles('/puzzle-game', READY);
    const difficulty = await screen.findByLabelText<HTMLSelectElement>('Difficulty');
    const theme = screen.getByLabelText<HTMLSelectElement>('Theme');
    expect(difficulty.value).toBe('normal');
    expect(theme.value).toBe('healthyMix');
    expect([...difficulty.options].map((o) => o.text)).toEqual(['Easiest', 'Easier', 'Normal', 'Harder', 'Hardest']);
    expect([...theme.options].map((o) => o.text)).toEqual(
      expect.arrayContaining(['Healthy mix', 'Back rank mate', 'Mate in 2', 'Very long (4+ moves)']),
    );
    fireEvent.change(difficulty, { target: { value: 'hardest' } });
    fireEvent.change(theme, { target: { value: 'backRankMate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(app.location().pathname).toBe('/puzzle-game/casual');
    expect(app.location().search).toBe('?difficulty=hardest&theme=backRankMate');
  });

  test('Solo starts a rush with the chosen settings', async () => {
    const app = renderPuzzles('/puzzle-game', READY);
    fireEvent.click(await screen.findByRole('radio', { name: /Solo/ }));
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: 'easiest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(app.location().pathname).toBe('/puzzle-game/solo-rush');
    expect(app.location().search).toBe('?difficulty=easiest&theme=healthyMix');
  });

  test('Battle goes on to the lobby list (SPEC 2 battle screen), not the create form', async () => {
    const app = renderPuzzles('/puzzle-game', READY);
    fireEvent.click(await screen.findByRole('radio', { name: /Battle/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(app.location().pathname).toBe('/puzzle-game/battle');
    expect(app.location().search).toBe('');
  });

  test('while the catalogue imports: its progress, polled, and the modes wait', async () => {
    let imported = 12_000;
    renderPuzzles('/puzzle-game', {
      'GET /api/puzzles/status': () => ({ body: { ready: imported >= 60_000, imported, total: 60_000 } }),
    });
    expect(await screen.findByText(PUZZLE_TEXTS.importing(12_000, 60_000))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    imported = 48_000;
    expect(await screen.findByText(PUZZLE_TEXTS.importing(48_000, 60_000), {}, { timeout: 3000 })).toBeTruthy();
    imported = 60_000;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', false), {
      timeout: 3000,
    });
    expect(screen.queryByText(/Preparing puzzles/)).toBeNull();
  });
});
