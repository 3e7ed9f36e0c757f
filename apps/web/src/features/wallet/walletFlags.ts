import type { PaymentRegion } from '@rush/domain';

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
