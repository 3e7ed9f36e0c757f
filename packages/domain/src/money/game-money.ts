/**
 * Issue 37: what a player's games did to one currency's balance, the figure loss limits, reality
 * checks, statements and the operators' review all read. Only game money counts: stakes into an
 * escrow, stakes given back (refund, void, release) and winnings paid out (net of the fee, which
 * the pot pays). Deposits, withdrawals and RushCoin rewards are not a game's result.
 */
export type GameMoneyKind = 'staked' | 'returned' | 'won';

export interface GameMoneyFlow {
  kind: GameMoneyKind;
  /** Minor units, positive. */
  amount: bigint;
  at: Date;
}

export interface GameMoneyTotals {
  staked: bigint;
  returned: bigint;
  won: bigint;
}

export const NO_GAME_MONEY: GameMoneyTotals = { staked: 0n, returned: 0n, won: 0n };

/** The flows inside [from, to): `from` inclusive, `to` exclusive (a period's start is in it). */
export function gameMoneyTotals(flows: Iterable<GameMoneyFlow>, from?: Date, to?: Date): GameMoneyTotals {
  const totals = { ...NO_GAME_MONEY };
  for (const f of flows) {
    const t = f.at.getTime();
    if (from && t < from.getTime()) continue;
    if (to && t >= to.getTime()) continue;
    totals[f.kind] += f.amount;
  }
  return totals;
}

/** Won plus given back minus staked: positive is a gain, negative a loss (fees are inside: a payout is net). */
export const netResult = (t: GameMoneyTotals): bigint => t.won + t.returned - t.staked;

/** The loss a limit counts: the net result's shortfall, never negative. */
export function netLoss(t: GameMoneyTotals): bigint {
  const net = netResult(t);
  return net < 0n ? -net : 0n;
}
