import { describe, expect, test, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_SPACING_MS,
  isChunkLoadError,
  mayReloadForNewBuild,
  reloadForNewBuild,
} from './chunkReload.ts';

const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};

describe('a chunk that a deploy removed (issue 17)', () => {
  test.each([
    ['Failed to fetch dynamically imported module: https://x/assets/Page-abc.js', true], // Chromium
    ['error loading dynamically imported module: https://x/assets/Page-abc.js', true], // Firefox
    ['Importing a module script failed.', true], // Safari
    ['Unable to preload CSS for /assets/Page-abc.css', true], // Vite's preload helper
    ['Cannot read properties of undefined', false],
    ['render crash', false],
  ])('%j is a missing chunk: %s', (message, expected) => {
    expect(isChunkLoadError(new Error(message))).toBe(expected);
  });

  test('only errors count, not strings or nothing', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  test('one reload, then none until the spacing has passed', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_000_000;
    expect(mayReloadForNewBuild({ storage, now: t0 })).toBe(true);
    reloadForNewBuild({ storage, now: t0, reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.map.get(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(mayReloadForNewBuild({ storage, now: t0 + CHUNK_RELOAD_SPACING_MS - 1 })).toBe(false);
    expect(mayReloadForNewBuild({ storage, now: t0 + CHUNK_RELOAD_SPACING_MS })).toBe(true);
  });

  test('a garbled stamp allows the reload; storage that refuses allows none (no loop without a guard)', () => {
    expect(mayReloadForNewBuild({ storage: memoryStorage({ [CHUNK_RELOAD_KEY]: 'x' }), now: 1_000_000 })).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(mayReloadForNewBuild({ storage: refusing, now: 5 })).toBe(false);
    const reload = vi.fn();
    reloadForNewBuild({ storage: refusing, now: 5, reload });
    expect(reload).not.toHaveBeenCalled();
  });
});
