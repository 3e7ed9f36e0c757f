import type { Currency, LossRoom, PlayedGame, SelfLimit } from '@rush/domain';
import type { ClosureService } from './closure.service.ts';
import type { EscrowResolver } from './escrow-resolvers.ts';
import type { IdentityPort } from './identity/port.ts';
import type { HoldAllOrder, HoldOrder, RefundOrder, ReleaseOrder, SettleOrder } from './ledger.ts';
import type { movementByKey, MovementOutcome, MovementSpec } from './ledger.store.ts';
import type { LimitsService } from './limits.service.ts';
import type { PaymentsReconciliation } from './payments-reconciliation.job.ts';
import type { LedgerReconciliation } from './reconciliation.job.ts';
import type { GameRewardsOrder } from './rewards.service.ts';
import type { StuckPayments } from './stuck-payments.service.ts';
import type { TransactionsService } from './transactions.service.ts';
import type { WalletUserStore } from './users.store.ts';
import type { Authority } from './wallet.service.ts';
import type { WithdrawalService } from './withdrawals.service.ts';

/*
 * What other capabilities use of the wallet, each port as narrow as its users need: the
 * composition root hands each capability only the ports it names in its dependencies, never the
 * wallet whole. Every money operation behind them is one ledger movement (ledger.store.ts
 * applyMovement): atomic, idempotent under its key, under the wallet's two rules (a closed account
 * is frozen; the owners hear `balances.changed`).
 */

/** The pot operations on an escrow `{prefix}{id}` (a match, a lobby): stakes in, one back, the close. */
export interface Escrow {
  hold(order: HoldOrder): Promise<MovementOutcome>;
  holdAll(order: HoldAllOrder): Promise<MovementOutcome>;
  release(order: ReleaseOrder): Promise<MovementOutcome>;
  settle(order: SettleOrder): Promise<MovementOutcome>;
  refund(order: RefundOrder): Promise<MovementOutcome>;
}

/** A user's balances as the ledger has them now (0 for a currency never touched). */
export interface Balances {
  read(uid: string): Promise<Record<Currency, bigint>>;
}

/**
 * One movement with legs of the caller's own rules (a bot game's hold and close, a review's
 * close, the console's manual deposit), under a key of its own. `authority` is the console's
 * `admin` only (wallet.service.ts Authority); everyone else leaves it out.
 */
export interface Movements {
  move(spec: MovementSpec, authority?: Authority): Promise<MovementOutcome>;
}

/** Where the owner of an escrow prefix tells the wallet's sweeper what became of its escrows. */
export interface EscrowRegistry {
  register(prefix: string, resolver: EscrowResolver): void;
}

/** The RushCoins of a finished game (SPEC 9): idempotent per game and user. */
export interface GameRewards {
  grantGameRewards(order: GameRewardsOrder): Promise<MovementOutcome[]>;
}

/** What a player's eligibility (matchmaking's facts, SPEC 5, 8) reads from the wallet. */
export interface WalletFacts {
  balances: Balances;
  /** walletReady: a USD deposit ever reached the user. */
  hasUsdDeposit(uid: string): Promise<boolean>;
  betLimitOf(uid: string): Promise<SelfLimit | null>;
  /** Issue 37: the end of a break running now, or null. */
  coolOffUntil(uid: string): Promise<Date | null>;
  /** Issue 37: the loss limits in force in a currency and the loss so far (null: no limit). */
  lossRoom(uid: string, currency: Currency): Promise<LossRoom | null>;
  /** The country of a client address for RushCoin play, or null. */
  ipCountry(ip: string | null): Promise<string | null>;
  /** The device's location for cash play (the identity port's check). */
  startSession: IdentityPort['startSession'];
}

/** What the admin console reads and does in the wallet (SPEC 6, 7). */
export interface WalletConsole {
  balances: Balances;
  movements: Movements;
  movementByKey(key: string): ReturnType<typeof movementByKey>;
  userExists(uid: string): Promise<boolean>;
  /** Users with a wallet and their balances. */
  holders: WalletUserStore['holders'];
  limits: Pick<LimitsService, 'set' | 'active'>;
  closure: Pick<ClosureService, 'close'>;
  withdrawals: Pick<WithdrawalService, 'canadianRequests' | 'decideCanadian'>;
  stuckPayments: Pick<StuckPayments, 'list'>;
  paymentsReconciliation: Pick<PaymentsReconciliation, 'run'>;
  reconciliation: Pick<LedgerReconciliation, 'last'>;
  transactions: Pick<TransactionsService, 'all'>;
}

/*
 * What the wallet asks of capabilities built on it, passed in at construction (the composition
 * root builds each from the owner's entry file before the wallet, so no setter runs later).
 */

/** Whether a user has a game running (play; the top-up rule). */
export interface GameActivity {
  isGameRunning(uid: string): Promise<boolean>;
  /** The user's games that overlap [from, to) (a statement's time played, issue 37). */
  playedIn(uid: string, from: Date, to: Date): Promise<PlayedGame[]>;
  /** Who played a game that overlaps [from, to) (the monthly statement mail's candidates). */
  playersIn(from: Date, to: Date): Promise<string[]>;
}

/** SPEC 1, 9: whether a user has a held payout or an open flag (fair play), which stops withdrawals. */
export type SuspicionCheck = (uid: string) => Promise<boolean>;
