import { units } from '../money/currency.ts';

/**
 * The house's bankroll against bots (issue 33): how much it may lose in an hour, in total and to
 * one player, so an engine-assisted player cannot drain the float (1,000,000 RC: at the top
 * wager, 2,500 RC against High, the house stakes 7,500 RC and the float was gone after about
 * 134 such wins), and one player's run never closes bot play to everyone.
 *
 * What counts, over the last BANKROLL_WINDOW_MS (the server reads it from the ledger, under the
 * house account's lock that every bot hold takes, so concurrent starts are judged one after
 * another): every bot game whose house stake left in the window, at its net result for the
 * house (its stake minus what came back: a person's win is the whole house stake, a loss gains
 * the person's stake, a draw nothing), plus every house stake still in a live game's escrow
 * however old (it may yet be lost). A new game adds its house stake, as if lost.
 */
export const BANKROLL_WINDOW_MS = 3_600_000;
/**
 * Per player: three wins at the top wager against High (3 x 7,500 RC) and then some; anything a
 * person loses to the house in the hour comes back off it (their own money returning).
 */
export const PLAYER_HOURLY_LOSS_RC = 25_000;
/**
 * In total: a fifth of the float an hour, so draining it takes five hours and at least eight
 * players at their own bound every hour, which the admins see on the dashboard (its house figures).
 */
export const HOUSE_HOURLY_LOSS_RC = 200_000;

export interface BankrollLimits {
  /** Minor units. */
  player: bigint;
  house: bigint;
}

export const BANKROLL_LIMITS: BankrollLimits = {
  player: units(PLAYER_HOURLY_LOSS_RC),
  house: units(HOUSE_HOURLY_LOSS_RC),
};

/** The house's loss over the window, lost and at risk (minor units, negative when it won). */
export interface HouseLoss {
  total: bigint;
  /** The part of it against the player who asks for the new game. */
  player: bigint;
}

/** `player`: this player's bound is reached; `house`: the bound over everyone is. */
export type BankrollDecision = { ok: true } | { ok: false; scope: 'player' | 'house' };

/** Whether the house can take a new bot game staking `houseStake` (minor units). */
export function bankrollDecision(
  houseStake: bigint,
  loss: HouseLoss,
  limits: BankrollLimits = BANKROLL_LIMITS,
): BankrollDecision {
  if (loss.player + houseStake > limits.player) return { ok: false, scope: 'player' };
  if (loss.total + houseStake > limits.house) return { ok: false, scope: 'house' };
  return { ok: true };
}
