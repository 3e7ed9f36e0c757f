import { DIFFICULTIES, PUZZLE_THEMES, type Difficulty, type PuzzleTheme } from '@rush/domain';
import type { PuzzleSettings } from './api.ts';

/** Difficulty and theme: their labels, and how they travel in the URL (?difficulty&theme). */

export const DEFAULT_SETTINGS: PuzzleSettings = { difficulty: 'normal', theme: 'healthyMix' };

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const difficultyLabel = (difficulty: Difficulty): string => capitalize(difficulty);

/** Names that the camelCase split would get wrong or leave unclear. */
const THEME_NAMES: Partial<Record<PuzzleTheme, string>> = {
  healthyMix: 'Healthy mix',
  short: 'Short (2 moves)',
  long: 'Long (3 moves)',
  veryLong: 'Very long (4+ moves)',
  equality: 'Equality',
  advantage: 'Advantage',
  crushing: 'Crushing',
};

/** "backRankMate" -> "Back rank mate", "mateIn2" -> "Mate in 2". */
export function themeLabel(theme: PuzzleTheme): string {
  const named = THEME_NAMES[theme];
  if (named) return named;
  const words = theme
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return capitalize(words);
}

export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => ({ value: d, label: difficultyLabel(d) }));
export const THEME_OPTIONS = PUZZLE_THEMES.map((t) => ({ value: t, label: themeLabel(t) }));

/** Whether a URL's value is one of a list's (what the protocol's enum schemas check, without zod). */
const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** The settings a URL carries; anything unknown falls back to the default. */
export function readSettings(search: URLSearchParams): PuzzleSettings {
  const difficulty = search.get('difficulty');
  const theme = search.get('theme');
  return {
    difficulty: oneOf(DIFFICULTIES, difficulty) ? difficulty : DEFAULT_SETTINGS.difficulty,
    theme: oneOf(PUZZLE_THEMES, theme) ? theme : DEFAULT_SETTINGS.theme,
  };
}

export const settingsSearch = ({ difficulty, theme }: PuzzleSettings): string =>
  `?${new URLSearchParams({ difficulty, theme }).toString()}`;
