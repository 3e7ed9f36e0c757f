import type { PaymentRegion } from '@rush/domain';
import { walletFlagOfError } from '@rush/protocol';
import { ApiError } from '../../api/http.ts';
import { useSwitchOverlay } from '../../ui/overlayFlags.ts';

export type Region = PaymentRegion;

/** SPEC 2 query flag `wallet`: which wallet modal is open on /wallet. */
export const WALLET_FLAG = 'wallet';

export const WALLET_SCREENS = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  /** "Deposit/Withdrawals for Canadian Users": the fees, then the same flows with region ca. */
  canada: 'ca',
  depositCa: 'deposit-ca',
  withdrawCa: 'withdraw-ca',
} as const;

/**
 * SPEC 7: a wallet session refused with a flag (id-ex, id-blocked, ll-blocked) goes to
 * /wallet?wallet={flag}, which says why; other errors stay where they happened.
 */
export function useShowWalletFlag(): (error: unknown) => void {
  const show = useSwitchOverlay(WALLET_FLAG);
  return (error) => {
    const flag = error instanceof ApiError ? walletFlagOfError(error.code) : null;
    if (flag) show(flag);
  };
}
