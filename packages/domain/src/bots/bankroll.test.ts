import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { units } from '../money/currency.ts';
import { DEFAULT_WBX_WAGERS } from '../matchmaking/catalog.ts';
import {
  BANKROLL_LIMITS,
  bankrollDecision,
  HOUSE_HOURLY_LOSS_RC,
  PLAYER_HOURLY_LOSS_RC,
  type BankrollDecision,
} from './bankroll.ts';
import { houseStakeOf } from './settlement.ts';
import { BOT_LEVELS } from './strength.ts';

const rc = (n: number) => units(n);
/** The largest house stake any start can ask for: the top wager against High. */
const TOP_HOUSE_STAKE = houseStakeOf(units(Math.max(...DEFAULT_WBX_WAGERS)), 'high');

describe('bankroll rule', () => {
  test.each<[string, number, number, number, BankrollDecision]>([
    // name, house stake, lost in total, lost to this player (RC) -> decision
    ['a fresh hour', 7_500, 0, 0, { ok: true }],
    ['up to the player bound exactly', 7_500, 17_500, 17_500, { ok: true }],
    ['one RC past the player bound', 7_500, 17_501, 17_501, { ok: false, scope: 'player' }],
    ['three top High wins, a fourth asked', 7_500, 22_500, 22_500, { ok: false, scope: 'player' }],
    ['the same player at a lower bet fits', 150, 22_500, 22_500, { ok: true }],
    ['what the player lost to the house comes back off', 7_500, 10_000, -5_000 + 22_500, { ok: true }],
    ['up to the house bound exactly', 7_500, 192_500, 0, { ok: true }],
    ['past the house bound', 7_500, 195_000, 0, { ok: false, scope: 'house' }],
    ['the house winning overall leaves room', 7_500, -50_000, 0, { ok: true }],
    ['both past: the player is named', 7_500, 199_000, 24_000, { ok: false, scope: 'player' }],
  ])('%s', (_name, stake, total, player, want) => {
    expect(bankrollDecision(rc(stake), { total: rc(total), player: rc(player) })).toEqual(want);
  });

  test('the numbers: a player cannot reach the house bound alone, with room for others', () => {
    expect(BANKROLL_LIMITS).toEqual({ player: units(PLAYER_HOURLY_LOSS_RC), house: units(HOUSE_HOURLY_LOSS_RC) });
    expect(BANKROLL_LIMITS.player + TOP_HOUSE_STAKE).toBeLessThan(BANKROLL_LIMITS.house);
    // Three wins at the top wager against High fit in a player's hour.
    expect(3n * TOP_HOUSE_STAKE).toBeLessThanOrEqual(BANKROLL_LIMITS.player);
  });

  const stakes = fc.constantFrom(
    ...DEFAULT_WBX_WAGERS.flatMap((w) => BOT_LEVELS.map((level) => houseStakeOf(units(w), level))),
  );

  test('one player alone never closes bot play to another (any sequence of their starts and results)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ stake: stakes, result: fc.constantFrom('win', 'loss', 'draw', 'live') }), {
          maxLength: 60,
        }),
        stakes,
        (starts, otherStake) => {
          // The house's loss to player A, built only from starts the rule accepted.
          let lossToA = 0n;
          for (const s of starts) {
            if (!bankrollDecision(s.stake, { total: lossToA, player: lossToA }).ok) continue;
            // A win or a live game: the whole house stake; a loss: the person's stake (a third at High, at most the stake).
            if (s.result === 'win' || s.result === 'live') lossToA += s.stake;
            else if (s.result === 'loss') lossToA -= s.stake / 3n;
            expect(lossToA).toBeLessThanOrEqual(BANKROLL_LIMITS.player);
          }
          // Player B, who has lost the house nothing, may still start any game.
          expect(bankrollDecision(otherStake, { total: lossToA, player: 0n })).toEqual({ ok: true });
        },
      ),
    );
  });

  test('monotone: a refused start stays refused with more loss or a bigger stake', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: units(10_000) }),
        fc.bigInt({ min: -units(100_000), max: units(300_000) }),
        fc.bigInt({ min: -units(50_000), max: units(50_000) }),
        fc.bigInt({ min: 0n, max: units(10_000) }),
        (stake, total, player, more) => {
          if (bankrollDecision(stake, { total, player }).ok) return;
          expect(bankrollDecision(stake + more, { total: total + more, player: player + more }).ok).toBe(false);
        },
      ),
    );
  });
});
