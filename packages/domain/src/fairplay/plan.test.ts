import { describe, expect, test } from 'vitest';
import { analysisPlan, analysisTier, classifyPly, positionWork, type PlyAnalysis } from '../index.ts';
import { BOOK_PLIES } from './thresholds.ts';

describe('analysisPlan: the search per stake', () => {
  test.each([
    ['staked', 10, { depth: 10, multipv: 3 }],
    ['rated', 10, { depth: 8, multipv: 3 }],
    ['casual', 10, { depth: 6, multipv: 1 }],
    ['staked', 14, { depth: 14, multipv: 3 }],
    ['rated', 2, { depth: 1, multipv: 3 }],
    ['casual', 3, { depth: 1, multipv: 1 }],
    ['staked', 0, { depth: 1, multipv: 3 }],
  ] as const)('%s at full depth %i -> %j', (tier, full, plan) => {
    expect(analysisPlan(tier, full)).toEqual(plan);
  });

  test.each([
    [{ staked: true, rated: true }, 'staked'],
    [{ staked: true, rated: false }, 'staked'],
    [{ staked: false, rated: true }, 'rated'],
    [{ staked: false, rated: false }, 'casual'],
  ] as const)('%j is %s', (game, tier) => {
    expect(analysisTier(game)).toBe(tier);
  });

  test('a lighter tier never searches deeper or wider than a heavier one', () => {
    for (let full = 1; full <= 30; full++) {
      const [s, r, c] = (['staked', 'rated', 'casual'] as const).map((t) => analysisPlan(t, full));
      expect(r!.depth).toBeLessThanOrEqual(s!.depth);
      expect(c!.depth).toBeLessThanOrEqual(r!.depth);
      expect(c!.multipv).toBeLessThanOrEqual(r!.multipv);
    }
  });
});

/** Legal moves per position 0..n: `many` everywhere, with `at` overrides. */
const legalOf = (n: number, at: Record<number, number> = {}): number[] =>
  Array.from({ length: n + 1 }, (_, k) => at[k] ?? 20);

const searched = (work: readonly string[]): number[] => work.flatMap((w, k) => (w === 'search' ? [k] : []));

describe('positionWork: book and forced moves are not searched', () => {
  test.each([
    // [case, plies, legal overrides, searched positions, 'next' positions]
    ['all book', 8, {}, [], []],
    ['book ends at ply 10: position 10 is the first searched', 12, {}, [10, 11, 12], []],
    ['a game of exactly the book', 10, {}, [], []],
    ['one counted ply', 11, {}, [10, 11], []],
    ['a forced ply 14: position 13 takes its evaluation from 14', 16, { 13: 1 }, [10, 11, 12, 14, 15, 16], [13]],
    ['two forced in a row (13, 14)', 17, { 13: 1, 14: 1 }, [10, 11, 12, 15, 16, 17], [13, 14]],
    ['the last position is forced: searched (no next)', 12, { 12: 1 }, [10, 11, 12], []],
    ['mate at the end: not searched', 12, { 12: 0 }, [10, 11], []],
    ['a forced move inside the book changes nothing', 12, { 3: 1 }, [10, 11, 12], []],
    ['forced at position 10 (ply 11 forced)', 13, { 10: 1 }, [11, 12, 13], []],
  ] as const)('%s', (_name, n, at, search, next) => {
    const work = positionWork(legalOf(n, at));
    expect(work).toHaveLength(n + 1);
    expect(searched(work)).toEqual(search);
    expect(work.flatMap((w, k) => (w === 'next' ? [k] : []))).toEqual(next);
  });

  test('every counted ply has what the rules read: its position searched, the next one evaluated', () => {
    // Property over random games: legal counts of 0 (end only), 1 or many.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let g = 0; g < 100; g++) {
      const n = 1 + Math.floor(rnd() * 60);
      const legal = Array.from({ length: n + 1 }, (_, k) => (k === n && rnd() < 0.2 ? 0 : rnd() < 0.2 ? 1 : 30));
      const work = positionWork(legal);
      const evaluated = (k: number): boolean =>
        legal[k] === 0 || work[k] === 'search' || (work[k] === 'next' && evaluated(k + 1));
      for (let i = 1; i <= n; i++) {
        const ply = { ply: i, legalMoves: legal[i - 1]! } as PlyAnalysis;
        const cls = classifyPly({ ...ply, top: [], played: '', bestCp: 0, playedCp: 0 });
        if (cls === 'book' || cls === 'forced') continue;
        expect(work[i - 1]).toBe('search');
        expect(evaluated(i)).toBe(true);
      }
      // Nothing in the book is searched unless a counted ply needs it.
      for (let k = 0; k < Math.min(BOOK_PLIES, n); k++) expect(work[k]).toBe('skip');
    }
  });
});
