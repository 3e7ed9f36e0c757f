import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, codePaths, headingAnchor, relativeLinks } from './markdown-refs.ts';

/**
 * The README stays a short entrance and the docs say nothing about files that are not there:
 * every relative link and every repository path in inline code must name a file or folder of
 * this tree, and an anchor must name a heading of its file.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 300;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

const DOCS = ['README.md', 'bench/README.md', ...markdownFiles('docs')];
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the README', () => {
  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every design note', () => {
    const links = new Set(relativeLinks(read('README.md')).map((l) => path.normalize(l.split('#')[0] ?? '')));
    const notes = markdownFiles('docs/design');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.filter((n) => !links.has(n))).toEqual([]);
  });
});

describe.each(DOCS)('%s', (file) => {
  const text = read(file);
  const dir = path.dirname(file);

  it('links only to files and headings that exist', () => {
    const broken = relativeLinks(text).filter((link) => {
      const [target = '', anchor] = link.split('#');
      const resolved = target === '' ? file : path.join(dir, decodeURIComponent(target));
      if (!fs.existsSync(path.join(ROOT, resolved))) return true;
      if (anchor === undefined || !resolved.endsWith('.md')) return false;
      return !anchorsOf(read(resolved)).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    expect(codePaths(text).filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});

describe('the Markdown readers', () => {
  it('find relative links outside code, and skip URLs and bare anchors', () => {
    const md = [
      'See [a](docs/a.md#x), [b](https://example.com), [c](#here), `[d](not-a-link.md)`.',
      '```',
      '[e](in-a-fence.md)',
      '```',
      '[f](../bench/README.md "title")',
    ].join('\n');
    expect(relativeLinks(md)).toEqual(['docs/a.md#x', '../bench/README.md']);
  });

  it('find repository paths in inline code, leaving patterns and shorthand out', () => {
    const md =
      '`apps/server/src/config.ts`, `apps/web/src/features/<x>/index.ts`, `packages/*/src`, ' +
      '`modules/play/live-games.ts`, `e2e/cluster/`, `npm run bench`, `docs/api`';
    expect(codePaths(md)).toEqual(['apps/server/src/config.ts', 'e2e/cluster/']);
  });

  it("make headings' anchors as GitHub does", () => {
    expect(headingAnchor('Where the tests live')).toBe('where-the-tests-live');
    expect(headingAnchor('Review: clear or confirm, once')).toBe('review-clear-or-confirm-once');
    expect(headingAnchor('Puzzle selection without `ORDER BY random()`')).toBe(
      'puzzle-selection-without-order-by-random',
    );
  });
});
