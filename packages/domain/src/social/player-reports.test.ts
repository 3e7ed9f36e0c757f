import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEXTS } from '../texts.ts';
import {
  REPORTERS_TO_RESTRICT,
  opponentIn,
  reportAdmission,
  reportsRestrictionAt,
  type GameSeats,
  type OpenReport,
} from './player-reports.ts';
import { SOCIAL_TEXTS } from './texts.ts';

const game: GameSeats = { whiteId: 'w', blackId: 'b' };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));

describe('opponentIn', () => {
  it.each<[string, string | null]>([
    ['w', 'b'],
    ['b', 'w'],
    ['x', null],
  ])('%s -> %s', (uid, other) => {
    expect(opponentIn(game, uid)).toBe(other);
  });
});

describe('reportAdmission (verified opponents only, once per game)', () => {
  const base: {
    reporter: string;
    reporterVerified: boolean;
    target: string;
    game: GameSeats | null;
    alreadyReported: boolean;
  } = {
    reporter: 'w',
    reporterVerified: true,
    target: 'b',
    game,
    alreadyReported: false,
  };
  it.each<[string, Partial<typeof base>, string | null]>([
    ['the verified opponent', {}, null],
    ['black reporting white', { reporter: 'b', target: 'w' }, null],
    ['an unverified account', { reporterVerified: false }, TEXTS.onlyVerified],
    ['a stranger to the game', { reporter: 'x' }, SOCIAL_TEXTS.reportNotOpponent],
    ['a target who did not play it', { target: 'x' }, SOCIAL_TEXTS.reportNotOpponent],
    ['an unknown game', { game: null }, SOCIAL_TEXTS.reportNotOpponent],
    ['a second report of the same game', { alreadyReported: true }, SOCIAL_TEXTS.reportAlreadySent],
    ['unverified outranks the rest', { reporterVerified: false, reporter: 'x' }, TEXTS.onlyVerified],
  ])('%s', (_name, patch, refusal) => {
    const result = reportAdmission({ ...base, ...patch });
    expect(result.ok ? null : result.message).toBe(refusal);
  });

  it('admits exactly the verified opponent who has not reported the game yet (property)', () => {
    const uid = fc.constantFrom('w', 'b', 'x');
    fc.assert(
      fc.property(uid, uid, fc.boolean(), fc.boolean(), fc.boolean(), (reporter, target, verified, known, dup) => {
        const result = reportAdmission({
          reporter,
          target,
          reporterVerified: verified,
          game: known ? game : null,
          alreadyReported: dup,
        });
        const opponents = (reporter === 'w' && target === 'b') || (reporter === 'b' && target === 'w');
        expect(result.ok).toBe(verified && known && opponents && !dup);
      }),
    );
  });
});

describe('reportsRestrictionAt (a threshold of distinct reporters)', () => {
  it('needs two reporters', () => {
    expect(REPORTERS_TO_RESTRICT).toBe(2);
  });

  it.each<[string, OpenReport[], Date | null]>([
    ['none', [], null],
    ['one report', [{ reporter: 'a', gameId: 'g1', time: at(1) }], null],
    [
      'one reporter, many games',
      [
        { reporter: 'a', gameId: 'g1', time: at(1) },
        { reporter: 'a', gameId: 'g2', time: at(2) },
        { reporter: 'a', gameId: 'g3', time: at(3) },
      ],
      null,
    ],
    [
      'two reporters, two games: the time of the second',
      [
        { reporter: 'b', gameId: 'g2', time: at(7) },
        { reporter: 'a', gameId: 'g1', time: at(1) },
      ],
      at(7),
    ],
    [
      'a repeat does not move the time',
      [
        { reporter: 'a', gameId: 'g1', time: at(1) },
        { reporter: 'a', gameId: 'g3', time: at(2) },
        { reporter: 'b', gameId: 'g2', time: at(5) },
        { reporter: 'c', gameId: 'g4', time: at(9) },
      ],
      at(5),
    ],
  ])('%s', (_name, reports, expected) => {
    expect(reportsRestrictionAt(reports)).toEqual(expected);
  });

  it('restricts from the first report of the second distinct reporter, whatever the order (property)', () => {
    const report = fc.record({
      reporter: fc.constantFrom('a', 'b', 'c'),
      gameId: fc.constantFrom('g1', 'g2', 'g3'),
      time: fc.integer({ min: 0, max: 1_000 }).map((m) => new Date(m * 60_000)),
    });
    fc.assert(
      fc.property(fc.array(report, { maxLength: 8 }), (reports) => {
        const when = reportsRestrictionAt(reports);
        const reporters = new Set(reports.map((r) => r.reporter));
        expect(when === null).toBe(reporters.size < REPORTERS_TO_RESTRICT);
        expect(reportsRestrictionAt([...reports].reverse())).toEqual(when);
        if (!when) return;
        // By then two reporters had reported, and one moment earlier only one had.
        const by = (t: number) => new Set(reports.filter((r) => r.time.getTime() <= t).map((r) => r.reporter)).size;
        expect(by(when.getTime())).toBeGreaterThanOrEqual(REPORTERS_TO_RESTRICT);
        expect(by(when.getTime() - 1)).toBeLessThan(REPORTERS_TO_RESTRICT);
      }),
    );
  });
});
