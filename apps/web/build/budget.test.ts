import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { FIRST_LOAD_GOAL_BYTES, firstLoadFiles, PAGE_BUDGETS, type Manifest } from './budget.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');

/** The bytes sent for a file: its brotli copy (the build writes one above 1 KB), else the file. */
const sentBytes = (dir: string, file: string): number => {
  const full = path.join(dir, file);
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
};

describe('the first-load JavaScript budget (issue 17)', () => {
  let outDir: string;
  let manifest: Manifest;
  // npm test builds the web app once (its `web build` stage) and names that folder here, so the
  // measured files are the very ones the browser journeys load; run alone, the test builds its own.
  const prebuilt = process.env.WEB_DIST_PREBUILT;
  beforeAll(async () => {
    if (prebuilt) {
      outDir = prebuilt;
    } else {
      // The production build itself, into a folder of its own (the real dist is left alone).
      outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-budget-'));
      // As `npm run build` runs it: under vitest NODE_ENV is `test`, which would bundle React's
      // development build (twice the size) into the measured files.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({ root: WEB_ROOT, mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
    }
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  }, 120_000);
  afterAll(() => {
    if (!prebuilt) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it.each(Object.entries(PAGE_BUDGETS))(
    '%s: compressed JavaScript before it renders within its budget',
    (page, { route, maxBytes }) => {
      const files = firstLoadFiles(manifest, route);
      const sizes = files.map((f) => [f, sentBytes(outDir, f)] as const);
      const total = sizes.reduce((sum, [, n]) => sum + n, 0);
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      console.log(
        `${page}: ${kb(total)} brotli in ${files.length} files (budget ${kb(maxBytes)}, goal ${kb(FIRST_LOAD_GOAL_BYTES)})`,
      );
      expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(maxBytes);
    },
  );

  it('every page meets the goal itself, not a ceiling of its own', () => {
    for (const { maxBytes } of Object.values(PAGE_BUDGETS)) expect(maxBytes).toBe(FIRST_LOAD_GOAL_BYTES);
  });

  it('zod (its core too) and the protocol schemas are on no first load: they load beside the first request', () => {
    for (const { route } of Object.values(PAGE_BUDGETS)) {
      for (const file of firstLoadFiles(manifest, route)) {
        // zod names each schema class with a string, which minification keeps; its core (what
        // importing zod's `config` brought in, src/zod-config.ts) carries its async-parse error.
        const text = fs.readFileSync(path.join(outDir, file), 'utf8');
        expect(text.includes('ZodObject'), file).toBe(false);
        expect(text.includes('Encountered Promise during synchronous parse'), file).toBe(false);
      }
    }
  });

  it('the compressed copies are the files themselves; the rules engine is on no first load, the pieces on play', () => {
    const landing = firstLoadFiles(manifest, PAGE_BUDGETS.landing.route);
    for (const file of landing) {
      const full = path.join(outDir, file);
      if (!fs.existsSync(`${full}.br`)) continue;
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${full}.br`)).equals(fs.readFileSync(full)), file).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(`${full}.gz`)).equals(fs.readFileSync(full)), file).toBe(true);
    }
    // chess.js (the vite config's `chess` chunk) loads after the board draws (useChessRules.ts).
    const rulesEngine = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8').includes('Invalid FEN');
    const play = firstLoadFiles(manifest, PAGE_BUDGETS.play.route);
    expect(landing.some(rulesEngine)).toBe(false);
    expect(play.some(rulesEngine)).toBe(false);
    expect(landing.some((f) => /^pieces-/.test(path.basename(f)))).toBe(false);
    expect(play.some((f) => /^pieces-/.test(path.basename(f)))).toBe(true);
  });
});

describe('firstLoadFiles', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/Page.tsx'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_style.css': { file: 'assets/style.css' },
    'src/Page.tsx': {
      file: 'assets/Page.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js', '_style.css'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'], dynamicImports: ['src/Later.tsx'] },
    'src/Later.tsx': { file: 'assets/Later.js', isDynamicEntry: true },
  };
  it('the entry and its static imports; a route adds its module and its imports, never what loads later', () => {
    expect(firstLoadFiles(manifest, null)).toEqual(['assets/index.js', 'assets/vendor.js']);
    expect(firstLoadFiles(manifest, 'src/Page.tsx')).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/Page.js',
      'assets/shared.js',
    ]);
  });
  it('a route missing from the manifest is an error, not a pass', () => {
    expect(() => firstLoadFiles(manifest, 'src/Gone.tsx')).toThrow(/not in the build manifest/);
  });
});
