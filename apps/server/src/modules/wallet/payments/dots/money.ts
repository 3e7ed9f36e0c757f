/**
 * Dots amounts are integer US cents on the wire (docs.dots.dev, "Create a Payout": "amount
 * integer, Amount in cents"; the user object's wallet.amount likewise). Ours are bigint cents.
 * The conversion is exact or refused: a fractional, negative, non-numeric or unsafe number is an
 * error, never rounded, because a rounded amount would credit or pay the wrong money.
 */
export class DotsAmountError extends Error {
  constructor(value: unknown) {
    super(`not an integer amount of cents: ${JSON.stringify(value) ?? String(value)}`);
    this.name = 'DotsAmountError';
  }
}

/** A wire amount (number or digit string) as bigint cents. */
export function centsFromWire(value: unknown): bigint {
  if (typeof value === 'number') {
    // JSON.parse already lost precision above 2^53: such a number cannot be trusted to the cent.
    if (!Number.isSafeInteger(value) || value < 0) throw new DotsAmountError(value);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^(0|[1-9]\d{0,17})$/.test(value)) return BigInt(value);
  throw new DotsAmountError(value);
}

/** Our bigint cents as the JSON number Dots expects; refused when JSON could not carry it exactly. */
export function centsToWire(amount: bigint): number {
  if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new DotsAmountError(String(amount));
  return Number(amount);
}
