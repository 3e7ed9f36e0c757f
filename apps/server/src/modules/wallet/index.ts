/** The wallet module's public surface: other modules and the composition root import only this (and schema.ts). */
export { hasWallet } from './access.ts';
export { accountOf } from './account-ids.ts';
export { readHeaderBalances } from './balance-events.ts';
export { houseExposure, type HouseExposure } from './house.store.ts';
export type { EscrowResolver, EscrowState } from './escrow-resolvers.ts';
export { FLAG_TEXTS } from './identity/port.ts';
export {
  InsufficientFundsError,
  movementByKey,
  readBalance,
  readUserBalances,
  stakesInEscrow,
} from './ledger.store.ts';
export { EscrowClosedError, escrowCloseKey, holdAllKey } from './ledger.ts';
export type { Leg, MovementOutcome } from './ledger.store.ts';
export { registerWallet } from './module.ts';
export type { WalletLinks, WalletModule } from './module.ts';
export type {
  Balances,
  Escrow,
  EscrowRegistry,
  GameActivity,
  GameRewards,
  Movements,
  SuspicionCheck,
  WalletConsole,
  WalletFacts,
} from './ports.ts';
export { PAYMENTS_MODES, SandboxOnPublicSiteError, checkedPaymentsMode } from './payments/mode.ts';
export type { PaymentsMode } from './payments/mode.ts';
export { DEFAULT_DOTS_URL, DotsSettingsError, dotsSettings } from './payments/dots/settings.ts';
export type { DotsSettings } from './payments/dots/settings.ts';
export { addWalletRestriction, hasWalletRestriction, liftWalletRestriction } from './restrictions.store.ts';
export { AccountClosedError } from './wallet.service.ts';
export { IDENTITY_MODES, IdentitySettingsError, identitySettings } from './identity/settings.ts';
export type { IdentitySettings } from './identity/settings.ts';
