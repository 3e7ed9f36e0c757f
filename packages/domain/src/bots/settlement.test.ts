import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BOT_LEVELS, type BotLevel } from './strength.ts';
import { houseStakeOf, playerNetOf, settleBotGame, type BotOutcome } from './settlement.ts';

const OUTCOMES: BotOutcome[] = ['win', 'loss', 'draw', 'cancelled'];

describe('bot game settlement', () => {
  test.each<[BotLevel, BotOutcome, bigint, bigint, bigint, bigint, bigint]>([
    // level, outcome, stake -> to player, to house, fee, player's net
    ['low', 'win', 10000n, 18000n, 0n, 2000n, 8000n],
    ['mid', 'win', 10000n, 27000n, 0n, 3000n, 17000n],
    ['high', 'win', 10000n, 36000n, 0n, 4000n, 26000n],
    ['low', 'loss', 10000n, 0n, 20000n, 0n, -10000n],
    ['high', 'loss', 5000n, 0n, 20000n, 0n, -5000n],
    ['mid', 'draw', 10000n, 10000n, 20000n, 0n, 0n],
    ['high', 'cancelled', 250000n, 250000n, 750000n, 0n, 0n],
    ['high', 'win', 1n, 4n, 0n, 0n, 3n], // the fee rounds down, as in player games
  ])('%s %s at stake %i: player %i, house %i, fee %i (net %i)', (level, outcome, stake, player, house, fee, net) => {
    expect(settleBotGame(stake, level, outcome)).toEqual({ toPlayer: player, toHouse: house, fee });
    expect(playerNetOf(stake, level, outcome)).toBe(net);
  });

  test('the house stakes the stake times the SPEC 9 multiplier (Low 1x, Mid 2x, High 3x)', () => {
    expect([houseStakeOf(100n, 'low'), houseStakeOf(100n, 'mid'), houseStakeOf(100n, 'high')]).toEqual([
      100n,
      200n,
      300n,
    ]);
  });

  test('zero-sum: the escrow pays out exactly what the player and the house put in, nobody goes negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.constantFrom(...BOT_LEVELS),
        fc.constantFrom(...OUTCOMES),
        (stake, level, outcome) => {
          const s = settleBotGame(stake, level, outcome);
          const house = houseStakeOf(stake, level);
          expect(s.toPlayer + s.toHouse + s.fee).toBe(stake + house);
          expect(s.toPlayer >= 0n && s.toHouse >= 0n && s.fee >= 0n).toBe(true);
          // Player, house and fee account over the whole game (hold, then close) sum to zero.
          const playerDelta = s.toPlayer - stake;
          const houseDelta = s.toHouse - house;
          expect(playerDelta + houseDelta + s.fee).toBe(0n);
        },
      ),
    );
  });

  test('a win never pays less than a draw, a higher level never pays a winner less', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (stake) => {
        for (const level of BOT_LEVELS) {
          expect(playerNetOf(stake, level, 'win')).toBeGreaterThanOrEqual(playerNetOf(stake, level, 'draw'));
          expect(playerNetOf(stake, level, 'loss')).toBe(-stake);
        }
        expect(playerNetOf(stake, 'mid', 'win')).toBeGreaterThanOrEqual(playerNetOf(stake, 'low', 'win'));
        expect(playerNetOf(stake, 'high', 'win')).toBeGreaterThanOrEqual(playerNetOf(stake, 'mid', 'win'));
      }),
    );
  });
});
