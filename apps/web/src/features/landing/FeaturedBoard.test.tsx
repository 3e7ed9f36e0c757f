import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeaturedBoard } from './FeaturedBoard.tsx';
// The stylesheet's text, read from disk: Vitest hands jsdom no CSS (an import, even ?raw, is
// empty), and the rule below keeps Node out of the app, not out of a test reading a source file.
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';

/*
 * jsdom lays nothing out, so it cannot measure a square (the journey square-boards.spec.ts
 * does, in Chromium). What it can show is the cascade: with landing.css applied, the hero board
 * declares eight equal ranks beside its eight equal files, and no square may grow with its glyph.
 */
const LANDING_CSS = readFileSync(`${import.meta.dirname}/landing.css`, 'utf8');
const EIGHT_EQUAL = 'repeat(8, minmax(0, 1fr))';

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('style[data-landing-css]').forEach((s) => s.remove());
});

function renderWithStyles() {
  const style = document.createElement('style');
  style.dataset.landingCss = '';
  style.textContent = LANDING_CSS;
  document.head.append(style);
  render(
    <MemoryRouter>
      <FeaturedBoard featured={null} />
    </MemoryRouter>,
  );
  return screen.getByRole('img', { name: 'The starting position' });
}

describe('FeaturedBoard (the landing hero board)', () => {
  test('is a square grid of eight equal ranks and eight equal files (issue 36)', () => {
    const board = renderWithStyles();
    const style = getComputedStyle(board);
    expect(style.display).toBe('grid');
    expect(style.getPropertyValue('aspect-ratio')).toMatch(/^1( \/ 1)?$/);
    expect(style.getPropertyValue('grid-template-columns')).toBe(EIGHT_EQUAL);
    // Without it each rank took its glyphs' height: ranks with pieces tall, empty ones short.
    expect(style.getPropertyValue('grid-template-rows')).toBe(EIGHT_EQUAL);
  });

  test('a square with a piece is no bigger than an empty one: its content cannot stretch its track', () => {
    renderWithStyles();
    const squares = [...document.querySelectorAll('.hero-board .sq')];
    expect(squares).toHaveLength(64);
    const withPiece = squares.find((s) => s.querySelector('.glyph'));
    const empty = squares.find((s) => !s.querySelector('.glyph'));
    for (const square of [withPiece, empty]) {
      const style = getComputedStyle(square!);
      expect(style.getPropertyValue('min-height')).toBe('0px');
      expect(style.getPropertyValue('min-width')).toBe('0px');
      expect(style.getPropertyValue('overflow')).toBe('hidden');
    }
  });
});
