import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Color } from '../play/status.ts';
import type { PairGame, PlyAnalysis, SideFigures } from './types.ts';
import {
  BOOK_PLIES,
  GRAPH_CP,
  MATE_CP,
  MIN_COUNTED_MOVES,
  MIN_VERDICT_PLIES,
  ROLLING_GAMES,
  SHORT_MIN_COUNTED,
  classifyLoss,
  classifyPly,
  collusionSignals,
  gameVerdict,
  graphCp,
  holdDecision,
  isBookPly,
  movesAfterBook,
  moveTimeProfile,
  playerVerdict,
  plyLoss,
  scoreCp,
  sideFigures,
  steadyAcpl,
} from './rules.ts';

const ply = (over: Partial<PlyAnalysis> = {}): PlyAnalysis => {
  const n = over.ply ?? 21;
  return {
    ply: n,
    color: n % 2 === 1 ? 'white' : 'black',
    played: 'e2e4',
    top: ['e2e4', 'd2d4', 'g1f3'],
    bestCp: 30,
    playedCp: 30,
    legalMoves: 30,
    moveTimeMs: null,
    ...over,
  };
};

const figures = (over: Partial<SideFigures> = {}): SideFigures => ({
  counted: 25,
  acpl: 45,
  top1: 0.45,
  top3: 0.75,
  blunders: 1,
  mistakes: 2,
  inaccuracies: 3,
  moveTime: null,
  ...over,
});

describe('scoreCp', () => {
  it.each([
    [{ cp: 0 }, 0],
    [{ cp: 35 }, 35],
    [{ cp: -420 }, -420],
    [{ mate: 1 }, MATE_CP - 1],
    [{ mate: 7 }, MATE_CP - 7],
    [{ mate: -1 }, -(MATE_CP - 1)],
    [{ mate: -12 }, -(MATE_CP - 12)],
    [{ mate: 0 }, -MATE_CP], // UCI: mated already
    [{ mate: -0 }, -MATE_CP],
  ])('%o -> %d', (score, cp) => {
    expect(scoreCp(score)).toBe(cp);
  });
  it('a shorter mate scores better, every mate beyond any centipawn score', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: -5000, max: 5000 }), (n, cp) => {
        expect(scoreCp({ mate: n })).toBeGreaterThan(scoreCp({ mate: n + 1 }));
        expect(scoreCp({ mate: -n })).toBeLessThan(scoreCp({ mate: -(n + 1) }));
        expect(scoreCp({ mate: n })).toBeGreaterThan(cp);
        expect(scoreCp({ mate: -n })).toBeLessThan(cp);
      }),
    );
  });
});

describe('isBookPly', () => {
  it.each([
    [1, true],
    [BOOK_PLIES, true],
    [BOOK_PLIES + 1, false],
    [60, false],
  ])('ply %d -> %s', (n, book) => {
    expect(isBookPly(n)).toBe(book);
  });
});

describe('classifyPly', () => {
  it.each<[string, Partial<PlyAnalysis>, string]>([
    ['book ply, even a blunder', { ply: 3, played: 'a2a3', playedCp: -500 }, 'book'],
    ['forced move', { legalMoves: 1, played: 'a2a3', playedCp: -500 }, 'forced'],
    ['the engine first choice', { played: 'e2e4', playedCp: -90 }, 'best'],
    ['another move, loss 10', { played: 'd2d4', playedCp: 20 }, 'best'],
    ['loss 11', { played: 'd2d4', playedCp: 19 }, 'good'],
    ['loss 49', { played: 'd2d4', playedCp: -19 }, 'good'],
    ['loss 50', { played: 'd2d4', playedCp: -20 }, 'inaccuracy'],
    ['loss 99', { played: 'a2a3', playedCp: -69 }, 'inaccuracy'],
    ['loss 100', { played: 'a2a3', playedCp: -70 }, 'mistake'],
    ['loss 299', { played: 'a2a3', playedCp: -269 }, 'mistake'],
    ['loss 300', { played: 'a2a3', playedCp: -270 }, 'blunder'],
    ['better than the engine thought', { played: 'a2a3', playedCp: 80 }, 'best'],
    ['+2500 to +1200 (clamped: no loss)', { played: 'a2a3', bestCp: 2500, playedCp: 1200 }, 'best'],
    ['+1500 to +800 (clamped: loss 200)', { played: 'a2a3', bestCp: 1500, playedCp: 800 }, 'mistake'],
    ['mate in 3 missed, still +960', { played: 'a2a3', bestCp: MATE_CP - 3, playedCp: 960 }, 'good'],
    ['mate in 3 thrown to -600', { played: 'a2a3', bestCp: MATE_CP - 3, playedCp: -600 }, 'blunder'],
    ['lost anyway: -3000 to -MATE', { played: 'a2a3', bestCp: -3000, playedCp: -(MATE_CP - 2) }, 'best'],
  ])('%s', (_name, over, cls) => {
    expect(classifyPly(ply(over))).toBe(cls);
  });
  it('the class never improves as the loss grows', () => {
    const rank = { best: 0, good: 1, inaccuracy: 2, mistake: 3, blunder: 4 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        expect(rank[classifyLoss(lo)]).toBeLessThanOrEqual(rank[classifyLoss(hi)]);
      }),
    );
  });
  it('a loss is never negative and never beyond twice the clamp', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MATE_CP, max: MATE_CP }), fc.integer({ min: -MATE_CP, max: MATE_CP }), (b, p) => {
        const loss = plyLoss(ply({ played: 'a2a3', bestCp: b, playedCp: p }));
        expect(loss).toBeGreaterThanOrEqual(0);
        expect(loss).toBeLessThanOrEqual(2000);
      }),
    );
  });
});

describe('moveTimeProfile', () => {
  it('null under ten times', () => {
    expect(moveTimeProfile([1000, 1000, 1000])).toBeNull();
  });
  it('the band is 10% of a long median', () => {
    // median 10000, band ±1000: 9000..11000 in, 8900 and 11200 out
    const p = moveTimeProfile([9000, 11000, 10000, 10000, 8900, 11200, 10000, 10000, 10000, 10000])!;
    expect(p.constantShare).toBe(0.8);
  });
  it('clockwork: all at one time', () => {
    const p = moveTimeProfile(Array<number>(12).fill(2000))!;
    expect(p).toEqual({ meanMs: 2000, varianceMs2: 0, constantShare: 1 });
  });
  it('a human spread: few near the median', () => {
    const p = moveTimeProfile([500, 1200, 3000, 8000, 2500, 700, 15000, 4100, 1800, 6000])!;
    expect(p.meanMs).toBe(4280);
    expect(p.constantShare).toBe(0.2); // median 2750, band ±300: 2500 and 3000
  });
});

describe('sideFigures', () => {
  const game = (color: Color): PlyAnalysis[] =>
    [
      ply({ ply: 1, played: 'a2a3', playedCp: -500 }), // book
      ply({ ply: 11 }), // white best
      ply({ ply: 12, played: 'd7d5', top: ['e7e5', 'd7d5', 'g8f6'], playedCp: -40 }), // black loss 70, top-3
      ply({ ply: 13, played: 'h2h4', playedCp: -300, moveTimeMs: 1000 }), // white blunder (loss 330)
      ply({ ply: 14, legalMoves: 1, played: 'e8d8', top: ['e8d8'] }), // black forced
      ply({ ply: 15, played: 'd2d4', playedCp: 0, moveTimeMs: 1000 }), // white loss 30, top-3
    ].filter((p) => p.color === color);
  it('white: book skipped, three counted', () => {
    const f = sideFigures(game('white'), 'white');
    expect(f).toEqual({
      counted: 3,
      acpl: (0 + 330 + 30) / 3,
      top1: 1 / 3,
      top3: 2 / 3,
      blunders: 1,
      mistakes: 0,
      inaccuracies: 0,
      best: 1,
      steadyAcpl: (0 + 30) / 2,
      moveTime: null,
    });
  });
  it('black: forced skipped, one counted; the other colour is ignored', () => {
    const f = sideFigures([...game('white'), ...game('black')], 'black');
    expect(f).toMatchObject({ counted: 1, acpl: 70, top1: 0, top3: 1, inaccuracies: 1 });
  });
  it('no counted move: zeros', () => {
    expect(sideFigures([], 'white')).toEqual({
      counted: 0,
      acpl: 0,
      top1: 0,
      top3: 0,
      blunders: 0,
      mistakes: 0,
      inaccuracies: 0,
      best: 0,
      steadyAcpl: 0,
      moveTime: null,
    });
  });
  const arbPly = fc.record({
    ply: fc.integer({ min: 1, max: 200 }),
    color: fc.constantFrom<Color>('white', 'black'),
    played: fc.constantFrom('e2e4', 'd2d4', 'g1f3', 'a2a3'),
    top: fc.shuffledSubarray(['e2e4', 'd2d4', 'g1f3', 'c2c4'], { minLength: 1, maxLength: 3 }),
    bestCp: fc.integer({ min: -MATE_CP, max: MATE_CP }),
    playedCp: fc.integer({ min: -MATE_CP, max: MATE_CP }),
    legalMoves: fc.integer({ min: 1, max: 60 }),
    moveTimeMs: fc.option(fc.integer({ min: 0, max: 120_000 })),
  });
  it('acpl >= 0, shares in [0,1], top1 <= top3, counts within counted', () => {
    fc.assert(
      fc.property(fc.array(arbPly, { maxLength: 120 }), fc.constantFrom<Color>('white', 'black'), (plies, color) => {
        const f = sideFigures(plies, color);
        expect(f.acpl).toBeGreaterThanOrEqual(0);
        for (const s of [f.top1, f.top3]) expect(s >= 0 && s <= 1).toBe(true);
        expect(f.top1).toBeLessThanOrEqual(f.top3);
        expect(f.blunders + f.mistakes + f.inaccuracies + f.best!).toBeLessThanOrEqual(f.counted);
        // Every top-1 move is 'best'; the steady ACPL never exceeds the plain one.
        expect(f.best!).toBeGreaterThanOrEqual(Math.round(f.top1 * f.counted));
        expect(f.steadyAcpl!).toBeLessThanOrEqual(f.acpl + 1e-9);
        expect(f.steadyAcpl!).toBeGreaterThanOrEqual(0);
        if (f.moveTime) {
          expect(f.moveTime.varianceMs2).toBeGreaterThanOrEqual(0);
          expect(f.moveTime.constantShare >= 0 && f.moveTime.constantShare <= 1).toBe(true);
        }
      }),
    );
  });
});

describe('gameVerdict', () => {
  const clockwork = { meanMs: 2000, varianceMs2: 1000, constantShare: 0.9 };
  const human = { meanMs: 4000, varianceMs2: 9e6, constantShare: 0.2 };
  it.each<[string, Partial<SideFigures>, number, string]>([
    ['a short game, accurate', { acpl: 2, top1: 0.9, top3: 1, best: 24 }, MIN_VERDICT_PLIES - 1, 'insufficient'],
    ['a short game, every move best', { counted: 13, acpl: 1, top1: 0.8, top3: 1, best: 13 }, 35, 'suspect'],
    ['a short game, every move top-1 (stored before `best`)', { acpl: 2, top1: 1, top3: 1 }, 35, 'suspect'],
    [
      'a short game, all best but too few',
      { counted: SHORT_MIN_COUNTED - 1, acpl: 0, top1: 1, best: 8 },
      30,
      'insufficient',
    ],
    [
      'a short game, all best from SHORT_MIN_COUNTED',
      { counted: SHORT_MIN_COUNTED, acpl: 0, top1: 1, best: 9 },
      30,
      'suspect',
    ],
    ['a short game, one move not best', { counted: 13, acpl: 4, top1: 0.9, top3: 1, best: 12 }, 35, 'insufficient'],
    [
      'too few counted moves, not all best',
      { counted: MIN_COUNTED_MOVES - 1, acpl: 2, top1: 0.9, top3: 1, best: 10 },
      80,
      'insufficient',
    ],
    [
      'too few counted moves, all best',
      { counted: MIN_COUNTED_MOVES - 1, acpl: 0, top1: 1, top3: 1, best: 11 },
      80,
      'suspect',
    ],
    [
      'a long game, every move best though loose on ACPL (mates: clamp)',
      { counted: 20, acpl: 13, top1: 0.5, top3: 0.6, best: 20 },
      80,
      'suspect',
    ],
    ['an ordinary game', {}, 80, 'clean'],
    ['accurate but not engine-like (a won game converted)', { acpl: 10, top1: 0.45, top3: 0.65 }, 80, 'clean'],
    ['engine-like but ACPL 13', { acpl: 13, top1: 0.7, top3: 0.9 }, 80, 'clean'],
    ['ACPL 12 and top-3 70%', { acpl: 12, top1: 0.4, top3: 0.7 }, 80, 'suspect'],
    ['ACPL 12 and top-1 60%', { acpl: 12, top1: 0.6, top3: 0.65 }, 80, 'suspect'],
    ['engine-like choices, sloppy (ACPL 40)', { acpl: 40, top1: 0.8, top3: 0.97 }, 80, 'clean'],
    ['accurate and engine-like', { acpl: 8, top1: 0.92, top3: 1 }, 80, 'suspect'],
    ['middling, but clockwork', { acpl: 20, top1: 0.65, top3: 0.9, moveTime: clockwork }, 80, 'suspect'],
    ['clockwork alone is no case', { acpl: 45, top1: 0.4, top3: 0.7, moveTime: clockwork }, 80, 'clean'],
    ['middling with human times', { acpl: 20, top1: 0.65, top3: 0.9, moveTime: human }, 80, 'clean'],
    [
      'middling, times 75% at the median',
      { acpl: 20, top1: 0.65, top3: 0.9, moveTime: { ...clockwork, constantShare: 0.75 } },
      80,
      'clean',
    ],
  ])('%s -> %s', (_name, over, plies, kind) => {
    expect(gameVerdict(figures(over), plies).kind).toBe(kind);
  });
  // 15 counted moves over 40 plies, judged on the steady ACPL (without the worst move) and the clock.
  // Each row: the move times, ACPL, steady ACPL, top-1 and top-3 shares, and the verdict.
  it.each<[string, typeof clockwork, number, number, number, number, string]>([
    // The probe's all-engine game (issue 33): ACPL 26.7 from one misjudged move, the rest steady.
    ['clockwork, ACPL 26.7, steady 9', clockwork, 26.7, 9, 0.6, 0.87, 'suspect'],
    ['clockwork, steady 26 (sloppy throughout)', clockwork, 35, 26, 0.6, 0.87, 'clean'],
    // Stockfish at depth 8 against a depth-8 analysis (stockfish-40.test.ts): few first choices, nothing lost.
    ['clockwork, steady 8, top-1 27%, top-3 67%', clockwork, 14.7, 7.9, 0.27, 0.67, 'suspect'],
    ['human times, steady 8, top-1 27%, top-3 67%', human, 14.7, 7.9, 0.27, 0.67, 'clean'],
    ['clockwork, steady 13, top-1 27%, top-3 67%', clockwork, 20, 13, 0.27, 0.67, 'clean'],
    ['human times, ACPL 26.7, steady 9', human, 26.7, 9, 0.6, 0.87, 'clean'],
  ])('%s', (_name, moveTime, acpl, steadyAcpl, top1, top3, kind) => {
    expect(gameVerdict(figures({ counted: 15, acpl, steadyAcpl, top1, top3, moveTime }), 40).kind).toBe(kind);
  });
  it('reasons say what crossed', () => {
    const v = gameVerdict(figures({ counted: 24, acpl: 8.2, top1: 0.92, top3: 1, moveTime: clockwork }), 70);
    expect(v).toEqual({
      kind: 'suspect',
      reasons: ['ACPL 8 over 24 moves', 'top-1 match 92%', 'top-3 match 100%', 'move times near-constant 90%'],
    });
  });
});

describe('movesAfterBook', () => {
  it.each<[number, number, number]>([
    [0, 0, 0],
    [BOOK_PLIES, 0, 0],
    [BOOK_PLIES + 1, 1, 0],
    [BOOK_PLIES + 2, 1, 1],
    [21, 6, 5],
    [22, 6, 6],
    [35, 13, 12],
    [36, 13, 13],
  ])('%d plies: white %d, black %d', (plies, white, black) => {
    expect([movesAfterBook(plies, 'white'), movesAfterBook(plies, 'black')]).toEqual([white, black]);
  });
  it('both sides together make every ply after the book; White never fewer than Black', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), (n) => {
        const w = movesAfterBook(n, 'white');
        const b = movesAfterBook(n, 'black');
        expect(w + b).toBe(Math.max(0, n - BOOK_PLIES));
        expect(w - b === 0 || w - b === 1).toBe(true);
        // Each side's count is that colour's plies after the book, counted one by one.
        const count = (c: Color) =>
          Array.from({ length: n }, (_, i) => i + 1).filter((p) => !isBookPly(p) && (p % 2 === 1) === (c === 'white'))
            .length;
        expect([w, b]).toEqual([count('white'), count('black')]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('steadyAcpl', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[40], 40],
    [[0, 200], 0],
    [[10, 0, 20, 300], 10],
    // 15 moves: the worst 2 (10%, rounded up) left out.
    [[...Array<number>(13).fill(4), 150, 200], 4],
    // 12 moves: the worst 2; 20 moves: the worst 2; 21 moves: the worst 3.
    [[...Array<number>(10).fill(6), 90, 90], 6],
    [[...Array<number>(18).fill(5), 500, 500], 5],
    [[...Array<number>(18).fill(5), 500, 500, 500], 5],
  ])('%j -> %d', (losses, want) => {
    expect(steadyAcpl(losses)).toBeCloseTo(want, 9);
  });
  it('is at most the mean and at least the smallest loss', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 80 }), (losses) => {
        const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
        const s = steadyAcpl(losses);
        expect(s).toBeLessThanOrEqual(mean + 1e-9);
        expect(s).toBeGreaterThanOrEqual(Math.min(...losses));
      }),
    );
  });
});

describe('playerVerdict', () => {
  const engineLike = figures({ acpl: 9, top1: 0.85, top3: 0.98 });
  const human = figures();
  it('no games, one lucky game, or a few: clean', () => {
    expect(playerVerdict([]).kind).toBe('clean');
    expect(playerVerdict([engineLike]).kind).toBe('clean');
    expect(playerVerdict([engineLike, engineLike, human, human, human, human]).kind).toBe('clean');
  });
  it('three suspect games in the window are a pattern', () => {
    const v = playerVerdict([engineLike, human, engineLike, human, engineLike]);
    expect(v).toEqual({ kind: 'suspect', reasons: ['3 of 5 recent games suspect'] });
  });
  it('a steady accurate, engine-like pattern, weighted by moves', () => {
    // ACPL 14: no single game is suspect, five of them are a pattern.
    const steady = figures({ acpl: 14, top1: 0.6, top3: 0.85 });
    expect(gameVerdict(steady, 80).kind).toBe('clean');
    const v = playerVerdict([steady, steady, steady, steady, steady]);
    expect(v).toEqual({
      kind: 'suspect',
      reasons: ['ACPL 14 over 125 moves in 5 games', 'top-1 match 60%', 'top-3 match 85%'],
    });
  });
  it('only the newest ROLLING_GAMES count', () => {
    const recent = [...Array<SideFigures>(ROLLING_GAMES).fill(human), engineLike, engineLike, engineLike];
    expect(playerVerdict(recent).kind).toBe('clean');
  });
  it('short wins count in the pattern (issue 33): five short engine-like wins are one', () => {
    // Each short win alone is insufficient (not every move best, too short for an accuracy verdict).
    const shortWin = figures({ counted: 10, acpl: 6, top1: 0.7, top3: 0.9, best: 8 });
    expect(gameVerdict(shortWin, 35).kind).toBe('insufficient');
    const v = playerVerdict([shortWin, shortWin, shortWin, shortWin, shortWin]);
    expect(v).toEqual({
      kind: 'suspect',
      reasons: ['ACPL 6 over 50 moves in 5 games', 'top-1 match 70%', 'top-3 match 90%'],
    });
    // Under PATTERN_MIN_COUNTED counted moves a game stays out (a resignation in the opening).
    const tiny = figures({ counted: 5, acpl: 0, top1: 1, top3: 1, best: 5 });
    expect(playerVerdict([tiny, tiny, tiny, tiny, tiny]).kind).toBe('clean');
  });
  it('short wins with every move best are suspect games of the pattern', () => {
    const allBest = figures({ counted: 10, acpl: 0, top1: 0.9, top3: 1, best: 10 });
    const human = figures();
    const v = playerVerdict([allBest, human, allBest, human, allBest]);
    expect(v.kind === 'suspect' && v.reasons).toEqual(['3 of 5 recent games suspect']);
  });
  it('a short game weighs less than a long one', () => {
    const shortSharp = figures({ counted: 12, acpl: 5, top1: 0.9, top3: 1 });
    const long = figures({ counted: 60, acpl: 20, top1: 0.6, top3: 0.85 });
    // Unweighted: ACPL 14, top-1 72% (a pattern). Weighted by moves: ACPL 18 (none).
    expect(playerVerdict([shortSharp, long, long, long, shortSharp]).kind).toBe('clean');
  });
});

describe('holdDecision', () => {
  it.each<[string, Parameters<typeof holdDecision>[0], Parameters<typeof holdDecision>[1], boolean, string[]]>([
    ['clean and clean', { kind: 'clean' }, { kind: 'clean' }, false, []],
    ['insufficient and clean', { kind: 'insufficient' }, { kind: 'clean' }, false, []],
    ['suspect game', { kind: 'suspect', reasons: ['a'] }, { kind: 'clean' }, true, ['a']],
    ['suspect pattern', { kind: 'insufficient' }, { kind: 'suspect', reasons: ['b'] }, true, ['pattern: b']],
    ['both', { kind: 'suspect', reasons: ['a', 'a'] }, { kind: 'suspect', reasons: ['b'] }, true, ['a', 'pattern: b']],
  ])('%s', (_name, game, pattern, hold, reasons) => {
    expect(holdDecision(game, pattern)).toEqual({ hold, reasons });
  });
});

describe('graphCp', () => {
  it.each([
    [0, 0],
    [350, 350],
    [-999, -999],
    [GRAPH_CP + 1, GRAPH_CP],
    [MATE_CP - 3, GRAPH_CP],
    [-(MATE_CP - 1), -GRAPH_CP],
    [Number.NaN, 0],
  ])('%d -> %d', (cp, g) => {
    expect(graphCp(cp)).toBe(g);
  });
  it('bounded and monotone', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (x, y) => {
        expect(Math.abs(graphCp(x))).toBeLessThanOrEqual(GRAPH_CP);
        if (x <= y) expect(graphCp(x)).toBeLessThanOrEqual(graphCp(y));
      }),
    );
  });
});

describe('collusionSignals', () => {
  let t = 0;
  const g = (white: string, black: string, winner: string | null, over: Partial<PairGame> = {}): PairGame => ({
    whiteUid: white,
    blackUid: black,
    winnerUid: winner,
    stake: 500n,
    plies: 60,
    status: winner ? 'mate' : 'draw',
    endedAt: new Date(Date.UTC(2026, 0, 1) + (t += 60_000)),
    ...over,
  });
  it('nothing in an ordinary mix', () => {
    const games = [g('a', 'b', 'a'), g('b', 'c', 'c'), g('c', 'a', null), g('a', 'd', 'd'), g('d', 'b', 'b')];
    expect(collusionSignals(games)).toEqual([]);
  });
  it('a pair that plays mostly each other, one way, ending early', () => {
    const dump = (w: string, b: string) => g(w, b, 'y', { status: 'resign', plies: 6 });
    const games = [dump('x', 'y'), dump('y', 'x'), dump('x', 'y'), dump('y', 'x'), g('x', 'y', 'x'), g('y', 'z', 'z')];
    expect(collusionSignals(games)).toEqual([
      { kind: 'frequentPair', uids: ['x', 'y'], detail: "5 staked games together (100% of x's, 83% of y's)" },
      { kind: 'earlyEnd', uids: ['x', 'y'], detail: '4 staked games ended before ply 20 (resign 4)' },
      {
        kind: 'oneWayFlow',
        uids: ['x', 'y'],
        detail: 'y received 2000 of 2500 staked minor units over 5 decided games (net 1500)',
      },
    ]);
  });
  it.each<[string, Partial<PairGame>[], string | null]>([
    ['three early resignations', [{}, {}, {}], '3 staked games ended before ply 20 (resign 3)'],
    [
      'mixed ways of giving up, sorted',
      [{ status: 'timeout' }, { status: 'aborted', plies: 1 }, { status: 'outoftime' }, {}],
      '4 staked games ended before ply 20 (aborted 1, outoftime 1, resign 1, timeout 1)',
    ],
    ['two are not a habit', [{}, {}], null],
    ['ply 20 is not early', [{}, {}, { plies: 20 }], null],
    ['a quick mate is chess, not a gift', [{}, {}, { status: 'mate' }], null],
  ])('earlyEnd: %s', (_name, overs, detail) => {
    const games = overs.map((o, i) =>
      g(i % 2 ? 'e' : 'f', i % 2 ? 'f' : 'e', 'e', { status: 'resign', plies: 12, ...o }),
    );
    const early = collusionSignals(games).filter((s) => s.kind === 'earlyEnd');
    expect(early).toEqual(detail ? [{ kind: 'earlyEnd', uids: ['e', 'f'], detail }] : []);
  });
  it('oneWayFlow: 80% of the stakes one way over 4 decided games, not less', () => {
    const four = (wins: string[]) => wins.map((w, i) => g(i % 2 ? 'u' : 'v', i % 2 ? 'v' : 'u', w));
    expect(collusionSignals(four(['v', 'v', 'v', 'v'])).map((s) => [s.kind, s.uids])).toEqual([
      ['oneWayFlow', ['u', 'v']],
    ]);
    expect(collusionSignals(four(['v', 'v', 'v', 'u']))).toEqual([]); // 75%
    expect(collusionSignals(four(['v', 'v', 'v']))).toEqual([]); // 3 games
    const mostly = [...four(['u', 'u', 'u', 'u']), g('u', 'v', 'v', { stake: 100n })]; // 2000 of 2100 to u
    expect(collusionSignals(mostly).find((s) => s.kind === 'oneWayFlow')?.uids).toEqual(['v', 'u']);
  });
  it('a pair among many other games is not frequent', () => {
    const games = [
      ...Array.from({ length: 5 }, () => g('p', 'q', null)),
      ...Array.from({ length: 6 }, (_, i) => g('p', `o${i}`, null)),
    ];
    expect(collusionSignals(games).map((s) => s.kind)).toEqual([]);
  });
  it('zero stakes are ignored', () => {
    const games = Array.from({ length: 6 }, () => g('m', 'n', 'n', { stake: 0n, status: 'resign', plies: 2 }));
    expect(collusionSignals(games)).toEqual([]);
  });
  it('the output does not depend on the order of the input', () => {
    const uid = fc.constantFrom('a', 'b', 'c', 'd');
    const arbGame = fc
      .record({
        white: uid,
        black: uid,
        win: fc.constantFrom<'w' | 'b' | null>('w', 'b', null),
        stake: fc.bigInt({ min: 0n, max: 2000n }),
        plies: fc.integer({ min: 0, max: 80 }),
        status: fc.constantFrom('resign', 'aborted', 'mate', 'outoftime'),
      })
      .map((r) =>
        g(r.white, r.black, r.win === 'w' ? r.white : r.win === 'b' ? r.black : null, {
          stake: r.stake,
          plies: r.plies,
          status: r.status,
        }),
      );
    fc.assert(
      fc.property(
        fc
          .array(arbGame, { maxLength: 40 })
          .chain((games) =>
            fc.tuple(
              fc.constant(games),
              fc.shuffledSubarray(games, { minLength: games.length, maxLength: games.length }),
            ),
          ),
        ([games, shuffled]) => {
          expect(collusionSignals(shuffled)).toEqual(collusionSignals(games));
        },
      ),
    );
  });
});
