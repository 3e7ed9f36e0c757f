import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameEarnsRewards, REWARD_LIMITS, withinRewardCaps } from './rewards.ts';

describe('gameEarnsRewards (issue 33)', () => {
  it.each([
    // plies, cancelled, earns
    [0, false, false],
    [2, false, false], // the colluding pair's resignation at ply 2
    [19, false, false], // Black has made 9 moves
    [20, false, true], // 10 moves each
    [21, false, true],
    [80, false, true],
    [80, true, false], // aborted, whatever its length
  ])('%i plies, cancelled %s: %s', (plies, cancelled, earns) => {
    expect(gameEarnsRewards({ plies, cancelled })).toBe(earns);
  });

  it('a longer game never earns less than a shorter one', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(400), fc.boolean(), (a, b, cancelled) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        if (gameEarnsRewards({ plies: short, cancelled }))
          expect(gameEarnsRewards({ plies: long, cancelled })).toBe(true);
      }),
    );
  });
});

describe('withinRewardCaps (issue 33)', () => {
  it.each([
    [0, 0, true],
    [9, 2, true],
    [10, 0, false], // the daily cap
    [5, 3, false], // the pair's daily cap
    [9, 3, false],
  ])('%i games today, %i with this opponent: %s', (games, gamesWithOpponent, ok) => {
    expect(withinRewardCaps({ games, gamesWithOpponent })).toBe(ok);
  });

  it('no run of rewarded games passes either cap', () => {
    // Any sequence of opponents: rewarding while within the caps never exceeds them.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 60 }), (opponents) => {
        const byOpponent = new Map<number, number>();
        let games = 0;
        for (const o of opponents) {
          const withOpponent = byOpponent.get(o) ?? 0;
          if (withinRewardCaps({ games, gamesWithOpponent: withOpponent })) {
            games++;
            byOpponent.set(o, withOpponent + 1);
          }
        }
        expect(games).toBeLessThanOrEqual(REWARD_LIMITS.gamesPerDay);
        for (const n of byOpponent.values()) expect(n).toBeLessThanOrEqual(REWARD_LIMITS.gamesPerPairPerDay);
      }),
    );
  });
});
