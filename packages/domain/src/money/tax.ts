import type { PaymentRegion } from './deposits.ts';

/**
 * SPEC 9: "Tax information needed above $600 for US withdrawals". A US withdrawal that takes
 * the calendar year's withdrawals above $600.00 asks for tax details first; a Canadian one never
 * does (the threshold is a US reporting rule).
 */
export const TAX_INFO_THRESHOLD_CENTS = 60_000n;

export function taxInfoNeeded(region: PaymentRegion, withdrawnThisYearCents: bigint, amountCents: bigint): boolean {
  return region === 'us' && withdrawnThisYearCents + amountCents > TAX_INFO_THRESHOLD_CENTS;
}
