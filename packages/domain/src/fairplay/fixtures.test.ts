import { describe, expect, it } from 'vitest';
import type { Color } from '../play/status.ts';
import type { PlyAnalysis, SideFigures } from './types.ts';
import {
  MIN_PATTERN_GAMES,
  MIN_VERDICT_PLIES,
  ROLLING_GAMES,
  SHORT_MIN_COUNTED,
  everyMoveBestReason,
  gameVerdict,
  playerVerdict,
  sideFigures,
} from './rules.ts';
import humanGames from './fixtures/human.json' with { type: 'json' };
import engineGames from './fixtures/engine.json' with { type: 'json' };

/**
 * Real games must land on the right sides (fixtures/README.md): Lichess games between humans,
 * and Stockfish playing itself, analysed like the server analyses (depth 10, MultiPV 3).
 */
interface FixtureGame {
  id: string;
  timeControl: string;
  white: string;
  black: string;
  plies: PlyAnalysis[];
}
const humans = humanGames as FixtureGame[];
const engines = engineGames as FixtureGame[];
const COLORS: readonly Color[] = ['white', 'black'];

/** The human false-positive bound: at most this share of judged human sides may be suspect. */
const MAX_HUMAN_FALSE_POSITIVES = 0.05;

const sides = (games: readonly FixtureGame[]) =>
  games.flatMap((g) =>
    COLORS.map((color) => {
      const figures = sideFigures(g.plies, color);
      return { game: g, color, figures, verdict: gameVerdict(figures, g.plies.length) };
    }),
  );

const show = (f: SideFigures): string =>
  `acpl ${f.acpl.toFixed(1)} top1 ${(f.top1 * 100).toFixed(0)}% top3 ${(f.top3 * 100).toFixed(0)}% ` +
  `n ${f.counted} const ${f.moveTime ? (f.moveTime.constantShare * 100).toFixed(0) + '%' : '-'}`;

describe('fair play on real games', () => {
  it('the fixtures are there: 20+ human games and 10 engine games of 36+ plies', () => {
    expect(humans.filter((g) => g.plies.length >= MIN_VERDICT_PLIES).length).toBeGreaterThanOrEqual(20);
    expect(engines.filter((g) => g.plies.length >= MIN_VERDICT_PLIES).length).toBeGreaterThanOrEqual(10);
  });

  it('every engine side of a long enough game is suspect', () => {
    const judged = sides(engines).filter((s) => s.game.plies.length >= MIN_VERDICT_PLIES);
    const missed = judged.filter((s) => s.verdict.kind !== 'suspect');
    console.log(`fair play: engine sides flagged ${judged.length - missed.length}/${judged.length}`);
    expect(missed.map((s) => `${s.game.id} ${s.color} ${s.verdict.kind}: ${show(s.figures)}`)).toEqual([]);
  });

  it(`human false positives stay at or under ${MAX_HUMAN_FALSE_POSITIVES * 100}%, and humans are judged clean`, () => {
    const judged = sides(humans).filter((s) => s.verdict.kind !== 'insufficient');
    const flagged = judged.filter((s) => s.verdict.kind === 'suspect');
    const rate = flagged.length / judged.length;
    console.log(
      `fair play: human false positives ${flagged.length}/${judged.length} (${(rate * 100).toFixed(1)}%)` +
        flagged.map((s) => `\n  ${s.game.id} ${s.color} (${s.game.timeControl}): ${show(s.figures)}`).join(''),
    );
    expect(judged.length).toBeGreaterThanOrEqual(100);
    expect(rate).toBeLessThanOrEqual(MAX_HUMAN_FALSE_POSITIVES);
    expect(judged.some((s) => s.verdict.kind === 'clean')).toBe(true);
  });

  it('at 40 plies (issue 33: the clockwork bound), every engine side is still suspect', () => {
    const judged = engines.flatMap((g) =>
      COLORS.map((color) => ({ game: g, color, figures: sideFigures(g.plies.slice(0, 40), color) })),
    );
    const missed = judged.filter((s) => gameVerdict(s.figures, 40).kind !== 'suspect');
    expect(missed.map((s) => `${s.game.id} ${s.color}: ${show(s.figures)}`)).toEqual([]);
  });

  it(`short games: no human prefix of 22-35 plies has ${SHORT_MIN_COUNTED} moves all the engine's first choice; some engine ones do`, () => {
    const prefixes = (games: readonly FixtureGame[]) =>
      games.flatMap((g) =>
        Array.from({ length: 14 }, (_, i) => 22 + i)
          .filter((cut) => g.plies.length >= cut)
          .flatMap((cut) => COLORS.map((color) => sideFigures(g.plies.slice(0, cut), color)))
          .filter((f) => f.counted >= SHORT_MIN_COUNTED),
      );
    const human = prefixes(humans);
    const engine = prefixes(engines);
    const caught = engine.filter((f) => everyMoveBestReason(f) !== null).length;
    console.log(`fair play: short prefixes all-best, humans 0/${human.length}, engines ${caught}/${engine.length}`);
    expect(human.length).toBeGreaterThan(500);
    expect(human.filter((f) => everyMoveBestReason(f) !== null).map(show)).toEqual([]);
    expect(caught / engine.length).toBeGreaterThan(0.15);
  });

  it('a human player pattern stays clean; an engine account pattern is suspect', () => {
    // The humans' sides in file order, ROLLING_GAMES at a time, as one player's recent games would be.
    const humanFigures = sides(humans).map((s) => s.figures);
    for (let i = 0; i + MIN_PATTERN_GAMES <= humanFigures.length; i += MIN_PATTERN_GAMES) {
      expect(playerVerdict(humanFigures.slice(i, i + ROLLING_GAMES)).kind).toBe('clean');
    }
    const engineFigures = sides(engines).map((s) => s.figures);
    const engine = playerVerdict(engineFigures.slice(0, MIN_PATTERN_GAMES));
    // Both grounds: the weighted figures, and the count of suspect games.
    expect(engine.kind === 'suspect' && engine.reasons[0]).toMatch(/^ACPL \d+ over \d+ moves in 5 games$/);
    expect(engine.kind === 'suspect' && engine.reasons.at(-1)).toBe('5 of 5 recent games suspect');
  });
});
