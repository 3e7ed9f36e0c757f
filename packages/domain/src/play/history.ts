import { formatAmount } from '../money/format.ts';
import type { Currency } from '../money/currency.ts';
import { isCancelled, type Color, type GameStatus } from './status.ts';

export type Outcome = 'win' | 'loss' | 'draw' | 'aborted';

export function outcomeFor(status: GameStatus, winner: Color | null, me: Color): Outcome {
  if (isCancelled(status)) return 'aborted';
  if (winner === null) return 'draw';
  return winner === me ? 'win' : 'loss';
}

const PREFIX: Record<Exclude<Outcome, 'aborted'>, string> = { win: 'W: ', loss: 'L: ', draw: 'D: ' };

/**
 * SPEC 2 History result: "W: " or "L: " plus RC or $ and the wager ("W: $5.00", "L: 100.00 RC";
 * just "W: " for an unstaked game). Draws and aborted games have no SPEC wording: "D: " is ours,
 * and an aborted game says so in words, its stake given back (SPEC 1: cancelled matches refund
 * entries): "A: 50.00 RC" read as if 50 RC had been won or lost (issue 36).
 */
export function historyResultText(
  outcome: Outcome,
  stake: { currency: Currency; amount: bigint | number } | null,
): string {
  if (outcome === 'aborted')
    return stake ? `Aborted: ${formatAmount(stake.amount, stake.currency)} returned` : 'Aborted';
  const prefix = PREFIX[outcome];
  if (!stake) return prefix;
  return `${prefix}${formatAmount(stake.amount, stake.currency)}`;
}

/** SPEC 2 History date: YYYY/MM/DD (UTC). */
export function historyDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}`;
}
