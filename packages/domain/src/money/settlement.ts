/** SPEC 1, 9: the platform fee is 10% of the winner's pot. */
export const FEE_PERCENT = 10n;
/** A percent is parts of a hundred (not minor units, which merely share the number). */
const PERCENT = 100n;

/** Fee = floor of 10% of the pot (pot is non-negative minor units). */
export function platformFee(pot: bigint): bigint {
  if (pot < 0n) throw new RangeError('pot must be non-negative');
  return (pot * FEE_PERCENT) / PERCENT;
}

export interface Settlement {
  fee: bigint;
  /** winner id -> credit; credits + fee === pot exactly. */
  payouts: Map<string, bigint>;
}

/**
 * Splits the pot among one or more winners (ties share) after the fee. The cents that do not
 * divide evenly go one each to the first winners in sorted id order, so the result is
 * deterministic and credits + fee always equal the pot.
 */
export function settlePot(pot: bigint, winners: readonly string[]): Settlement {
  const unique = [...new Set(winners)].sort();
  if (unique.length === 0) throw new RangeError('at least one winner');
  const fee = platformFee(pot);
  const net = pot - fee;
  const n = BigInt(unique.length);
  const base = net / n;
  let remainder = net - base * n;
  const payouts = new Map<string, bigint>();
  for (const id of unique) {
    const extra = remainder > 0n ? 1n : 0n;
    remainder -= extra;
    payouts.set(id, base + extra);
  }
  return { fee, payouts };
}
