/** The wallet module's public surface: other modules and the composition root import only this. */
export { hasWallet } from './access.ts';
export { accountOf } from './account-ids.ts';
export { readHeaderBalances } from './balance-events.ts';
// Issue 37: a stake refused by a break or a loss limit (judged in the ledger's stake movement).
export { CoolOffError, LossLimitError } from './stake-guard.ts';
export { readCoolOffUntil } from './responsible.store.ts';
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
export { addWalletRestriction, hasWalletRestriction, liftWalletRestriction } from './restrictions.store.ts';
export { AccountClosedError } from './wallet.service.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { ledgerAccounts, ledgerMovements, ledgerTransfers, paymentSessions, walletLimits } from './schema.ts';
export { coolOffs } from './responsible-gaming.schema.ts';
// The ledger's one write and its check, for the ledger benchmark and the fault suite's funding and invariants.
export { applyMovement } from './ledger.store.ts';
export { checkLedger } from './reconciliation.store.ts';
