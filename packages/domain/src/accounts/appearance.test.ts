import { describe, expect, it } from 'vitest';
import { isUsernameColor, USERNAME_COLOR_IDS } from './appearance.ts';

describe('isUsernameColor', () => {
  it.each([...USERNAME_COLOR_IDS])('%s is a colour', (id) => expect(isUsernameColor(id)).toBe(true));
  it.each(['', 'username_color_000006', 'cyan', 'USERNAME_COLOR_000001'])('%j is not', (v) =>
    expect(isUsernameColor(v)).toBe(false),
  );
});
