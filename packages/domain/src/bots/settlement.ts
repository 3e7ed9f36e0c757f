import { platformFee } from '../money/settlement.ts';
import { BOT_STRENGTH, type BotLevel } from './strength.ts';

/**
 * The money of a bot game (SPEC 9 multipliers; issue 13). The house (the platform's RushCoin
 * account that plays every bot) stakes `stake x multiplier` beside the player's stake when the
 * game starts, both into the game's escrow, so the pot exists before the first move and the
 * result only divides it:
 * - win: the player gets the pot minus the 10% fee of every won pot (SPEC 1, 9), as in a player
 *   game: against Low (1x) exactly what beating a person for the same stake pays;
 * - loss: the house takes the pot (the player's stake is kept);
 * - draw, abort, no start: each side gets its own stake back, no fee.
 * Reserving the house's share at the start is what bounds the house: a game it cannot cover is
 * refused then, and no settlement can ever find the house short.
 */
export type BotOutcome = 'win' | 'loss' | 'draw' | 'cancelled';

export const houseStakeOf = (stake: bigint, level: BotLevel): bigint => stake * BigInt(BOT_STRENGTH[level].multiplier);

export interface BotSettlement {
  /** What the escrow pays the player, the house and the fee account; together exactly the pot. */
  toPlayer: bigint;
  toHouse: bigint;
  fee: bigint;
}

export function settleBotGame(stake: bigint, level: BotLevel, outcome: BotOutcome): BotSettlement {
  if (stake < 0n) throw new RangeError('negative stake');
  const house = houseStakeOf(stake, level);
  const pot = stake + house;
  switch (outcome) {
    case 'win': {
      const fee = platformFee(pot);
      return { toPlayer: pot - fee, toHouse: 0n, fee };
    }
    case 'loss':
      return { toPlayer: 0n, toHouse: pot, fee: 0n };
    case 'draw':
    case 'cancelled':
      return { toPlayer: stake, toHouse: house, fee: 0n };
  }
}

/** What the player gains (or loses, negative) over the whole game, the start's stake included. */
export const playerNetOf = (stake: bigint, level: BotLevel, outcome: BotOutcome): bigint =>
  settleBotGame(stake, level, outcome).toPlayer - stake;

/**
 * The RushCoins the house is given once, from the RC issuance account, the first time a server
 * starts (ledger key `house:float:wbx`). Afterwards it lives on what it wins; an admin
 * adjustment may add more. 1,000,000 RC covers over a hundred simultaneous High games at the
 * largest wager (2,500 RC x 3).
 */
export const HOUSE_FLOAT_RC = 1_000_000;
