// eslint-disable-next-line no-restricted-imports -- a test reads the SPEC and the sample catalogue; the rules stay pure.
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- the sample catalogue is gzipped in the repo.
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUZZLE_RATING,
  DIFFICULTIES,
  DIFFICULTY_OFFSET,
  PUZZLE_THEMES,
  puzzleFromCsv,
  RECENT_PUZZLES,
  SELECTION_WINDOWS,
  targetRating,
  userColor,
  type Difficulty,
  type PuzzleTheme,
} from './catalog.ts';

// The catalogue as the repo ships it (gzip), not the shared folder: CI runs on a bare clone.
const SAMPLE = new URL('../../../../apps/server/data/puzzles/lichess-puzzles-sample.csv.gz', import.meta.url);
const readSample = () => gunzipSync(readFileSync(SAMPLE)).toString('utf8');

// PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
const LINE_00008 =
  '00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1800,77,95,8421,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,';
const fields = (over: Partial<Record<0 | 1 | 2 | 3 | 7, string>> = {}): string[] => {
  const f = LINE_00008.split(',');
  for (const [i, v] of Object.entries(over)) f[Number(i)] = v;
  return f;
};

describe('puzzleFromCsv (Lichess CSV: PuzzleId,FEN,Moves,Rating,...,Themes,...)', () => {
  it('parses a good line', () => {
    expect(puzzleFromCsv(LINE_00008.split(','))).toEqual({
      id: '00008',
      fen: 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24',
      moves: ['f2g3', 'e6e7', 'b2b1', 'b3c1', 'b1c1', 'h6c1'],
      rating: 1800,
      themes: ['crushing', 'hangingPiece', 'long', 'middlegame'],
    });
  });

  it('splits themes on any whitespace and accepts none', () => {
    expect(puzzleFromCsv(fields({ 7: '  mate   mateIn1\tshort ' }))?.themes).toEqual(['mate', 'mateIn1', 'short']);
    expect(puzzleFromCsv(fields({ 7: '' }))?.themes).toEqual([]);
    expect(puzzleFromCsv(fields().slice(0, 4))?.themes).toEqual([]);
  });

  it('keeps promotion moves and extra spaces between moves', () => {
    expect(puzzleFromCsv(fields({ 2: ' f2g3  e6e7 a2a1q ' }))?.moves).toEqual(['f2g3', 'e6e7', 'a2a1q']);
  });

  it.each([
    ['no id', { 0: '' }],
    ['no FEN', { 1: '' }],
    ['no moves', { 2: '' }],
    ['no rating', { 3: '' }],
  ])('refuses a line with a missing field: %s', (_name, over) => {
    expect(puzzleFromCsv(fields(over))).toBeNull();
  });

  it('refuses a line cut short', () => {
    expect(puzzleFromCsv([])).toBeNull();
    expect(puzzleFromCsv(['00008'])).toBeNull();
    expect(puzzleFromCsv(fields().slice(0, 3))).toBeNull();
  });

  it.each(['abc', '1800.5', 'NaN', 'Infinity', '-', '1e3', '0x708', '-1800', '18 00'])(
    'refuses a bad rating %j',
    (rating) => {
      expect(puzzleFromCsv(fields({ 3: rating }))).toBeNull();
    },
  );

  it.each([
    ['a single move (no user move)', 'f2g3'],
    ['a non-UCI move', 'f2g3 Re7'],
    ['an off-board square', 'f2g3 e6e9'],
    ['a king promotion', 'f2g3 e7e8k'],
    ['an upper-case promotion', 'f2g3 e7e8Q'],
    ['a dash', 'f2-g3 e6e7'],
    ['two moves run together', 'f2g3e6e7'],
    ['only spaces', '   '],
  ])('refuses bad moves: %s', (_name, moves) => {
    expect(puzzleFromCsv(fields({ 2: moves }))).toBeNull();
  });

  it.each([
    ['placement only', 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K'],
    ['no castling field', 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b'],
    ['no en passant field', 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b -'],
    ['no side to move', 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K x - - 0 24'],
  ])('refuses a short or broken FEN: %s', (_name, fen) => {
    expect(puzzleFromCsv(fields({ 1: fen }))).toBeNull();
  });

  it('accepts a FEN without the move counters (four fields)', () => {
    const fen = 'r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - -';
    expect(puzzleFromCsv(fields({ 1: fen }))?.fen).toBe(fen);
  });
});

describe('the Lichess sample (60,000 puzzles) against the catalogue rules', () => {
  const rows = readSample()
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => puzzleFromCsv(line.split(',')));

  it('parses every row, each with an even number of moves ending on the user', () => {
    expect(rows).toHaveLength(60_000);
    expect(rows.filter((r) => r === null)).toHaveLength(0);
    expect(rows.filter((r) => r!.moves.length % 2 !== 0).map((r) => r!.id)).toEqual([]);
  });

  it('has puzzles for every theme a user can pick', () => {
    const seen = new Map<string, number>();
    for (const r of rows) for (const t of r!.themes) seen.set(t, (seen.get(t) ?? 0) + 1);
    for (const theme of PUZZLE_THEMES) {
      if (theme === 'healthyMix') continue;
      expect(seen.get(theme) ?? 0, theme).toBeGreaterThan(50);
    }
  });
});

describe('userColor (Lichess: the user plays the side NOT to move in the FEN)', () => {
  it.each([
    ['r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24', 'white'],
    ['5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27', 'black'],
  ] as const)('%s: the user plays %s', (fen, color) => {
    expect(userColor(fen)).toBe(color);
  });
});

describe('targetRating (SPEC 9: -600, -300, 0, +300, +600 around the user rating)', () => {
  it('has the SPEC offsets, in order from easiest to hardest', () => {
    expect(DIFFICULTIES).toEqual(['easiest', 'easier', 'normal', 'harder', 'hardest']);
    expect(DIFFICULTY_OFFSET).toEqual({ easiest: -600, easier: -300, normal: 0, harder: 300, hardest: 600 });
    expect(DIFFICULTIES.map((d) => DIFFICULTY_OFFSET[d])).toEqual([-600, -300, 0, 300, 600]);
  });

  it.each([
    [1500, 'easiest', 900],
    [1500, 'easier', 1200],
    [1500, 'normal', 1500],
    [1500, 'harder', 1800],
    [1500, 'hardest', 2100],
    [400, 'easiest', -200],
    [2900, 'hardest', 3500],
  ] as const)('rating %d, %s: aims at %d', (rating, difficulty, target) => {
    expect(targetRating(rating, difficulty)).toBe(target);
  });

  it.each([
    [1500.4, 'normal', 1500],
    [1500.5, 'harder', 1801],
    [1234.6, 'easiest', 635],
  ] as const)('a fractional rating %d, %s: aims at the whole %d', (rating, difficulty, target) => {
    expect(targetRating(rating, difficulty)).toBe(target);
    expect(Number.isInteger(targetRating(rating, difficulty))).toBe(true);
  });

  it('starts new users at 1500', () => {
    expect(DEFAULT_PUZZLE_RATING).toBe(1500);
    expect(targetRating(DEFAULT_PUZZLE_RATING, 'normal')).toBe(1500);
  });
});

describe('selection constants (SPEC 9)', () => {
  it('searches ±100 first, then strictly wider windows', () => {
    expect(SELECTION_WINDOWS[0]).toBe(100);
    SELECTION_WINDOWS.forEach((w, i) => {
      expect(Number.isInteger(w)).toBe(true);
      if (i > 0) expect(w).toBeGreaterThan(SELECTION_WINDOWS[i - 1]!);
    });
    // The widest window spans any plausible rating from any difficulty's target.
    expect(SELECTION_WINDOWS[SELECTION_WINDOWS.length - 1]).toBeGreaterThanOrEqual(3000);
  });

  it('remembers recent puzzles so they are not repeated', () => {
    expect(Number.isInteger(RECENT_PUZZLES)).toBe(true);
    expect(RECENT_PUZZLES).toBeGreaterThan(0);
  });

  it('lists each theme once, healthyMix (the default) first', () => {
    expect(PUZZLE_THEMES[0]).toBe('healthyMix');
    expect(new Set(PUZZLE_THEMES).size).toBe(PUZZLE_THEMES.length);
  });
});

/**
 * A reference model of the server's selection (which is indexed SQL, tested on the server):
 * the smallest window around the target that has a puzzle with the theme, not recently seen.
 */
interface Candidate {
  id: string;
  rating: number;
  themes: string[];
}
/** The server's theme filter (`themes @> [theme]` unless healthyMix): exact Lichess tags. */
const matchesTheme = (themes: readonly string[], theme: PuzzleTheme): boolean =>
  theme === 'healthyMix' || themes.includes(theme);
function pick(
  pool: readonly Candidate[],
  rating: number,
  difficulty: Difficulty,
  theme: PuzzleTheme,
  recent: ReadonlySet<string>,
): Candidate | null {
  const target = targetRating(rating, difficulty);
  for (const w of SELECTION_WINDOWS) {
    const hit = pool.find(
      (p) => Math.abs(p.rating - target) <= w && matchesTheme(p.themes, theme) && !recent.has(p.id),
    );
    if (hit) return hit;
  }
  return null;
}

describe('selection properties on the reference model (rating window, theme, no repeats)', () => {
  const themes = PUZZLE_THEMES.filter((t) => t !== 'healthyMix');
  const pool = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 5 }),
      rating: fc.integer({ min: 400, max: 3200 }),
      themes: fc.subarray(themes, { maxLength: 4 }),
    }),
    { selector: (p) => p.id, maxLength: 60 },
  );
  const args = fc.tuple(
    pool,
    fc.integer({ min: 400, max: 3000 }),
    fc.constantFrom(...DIFFICULTIES),
    fc.constantFrom(...PUZZLE_THEMES),
  );

  it('picks the theme, never a recent puzzle, from the tightest window that has one', () => {
    fc.assert(
      fc.property(args, fc.nat(), ([puzzles, rating, difficulty, theme], seed) => {
        const recent = new Set(puzzles.filter((_, i) => (seed >> (i % 30)) & 1).map((p) => p.id));
        const target = targetRating(rating, difficulty);
        const eligible = puzzles.filter((p) => matchesTheme(p.themes, theme) && !recent.has(p.id));
        const picked = pick(puzzles, rating, difficulty, theme, recent);
        const widest = SELECTION_WINDOWS[SELECTION_WINDOWS.length - 1]!;
        const reachable = eligible.filter((p) => Math.abs(p.rating - target) <= widest);
        if (reachable.length === 0) {
          expect(picked).toBeNull();
          return;
        }
        expect(picked).not.toBeNull();
        expect(matchesTheme(picked!.themes, theme)).toBe(true);
        expect(recent.has(picked!.id)).toBe(false);
        const nearest = Math.min(...reachable.map((p) => Math.abs(p.rating - target)));
        const window = SELECTION_WINDOWS.find((w) => nearest <= w)!;
        expect(Math.abs(picked!.rating - target)).toBeLessThanOrEqual(window);
        if (nearest <= SELECTION_WINDOWS[0]) expect(Math.abs(picked!.rating - target)).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('never repeats within a run: picking and remembering walks through distinct puzzles', () => {
    fc.assert(
      fc.property(args, ([puzzles, rating, difficulty, theme]) => {
        const recent = new Set<string>();
        const seen: string[] = [];
        for (let next = pick(puzzles, rating, difficulty, theme, recent); next;) {
          seen.push(next.id);
          recent.add(next.id);
          next = pick(puzzles, rating, difficulty, theme, recent);
        }
        expect(new Set(seen).size).toBe(seen.length);
        const target = targetRating(rating, difficulty);
        const widest = SELECTION_WINDOWS[SELECTION_WINDOWS.length - 1]!;
        const expected = puzzles.filter((p) => matchesTheme(p.themes, theme) && Math.abs(p.rating - target) <= widest);
        expect(seen.length).toBe(expected.length);
      }),
    );
  });
});
