import { TEXTS } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRef } from './account-ids.ts';
import type { BalanceEvents } from './balance-events.ts';
import { Ledger } from './ledger.ts';
import type { MovementOutcome, MovementSpec } from './ledger.store.ts';
import { judgeStake } from './stake-guard.ts';
import { WalletUserStore } from './users.store.ts';

/**
 * Who may move money touching a closed (self-excluded) account. `ordinary` movements are
 * refused: the balances are frozen. `completion` finishes something that began before the
 * account closed and cannot be taken back (an escrow settled or refunded, a deposit the
 * provider already collected, a payout the provider already answered). `admin` is the SPEC 6
 * manual deposit and withdraw. `exit` is the owner's own withdrawal of a closed account's balance
 * (issue 33: self-exclusion never freezes a player's money; only the withdrawal service uses it).
 */
export type Authority = 'ordinary' | 'completion' | 'admin' | 'exit';

const ESCROW_CLOSE_KINDS = new Set(['settle', 'refund', 'void']);

/** A movement would touch a closed account; nothing was changed. A 403 ACCOUNT_CLOSED when it reaches HTTP. */
export class AccountClosedError extends AppError {
  constructor(readonly uids: string[]) {
    super('ACCOUNT_CLOSED', TEXTS.accountClosed);
    this.name = 'AccountClosedError';
  }
}

/** The users whose accounts a movement touches (their balance, pending withdrawals or pending Canadian deposits). */
export const ownersOf = (accounts: readonly AccountRef[]): string[] => [
  ...new Set(
    accounts
      .filter((a) => (a.kind === 'user' || a.kind === 'withdrawal' || a.kind === 'funding') && a.ownerId)
      .map((a) => a.ownerId!),
  ),
];

/**
 * The one place money moves for the whole server: the ledger (one transaction, idempotency
 * key, sorted locks, CHECK), plus the two rules every movement obeys. A closed account is
 * frozen (checked under the locks, so a closure racing the movement is seen or waits), and
 * after the commit every user whose accounts moved hears `balances.changed`. Escrow
 * (hold/settle/refund) is inherited, so it goes through here too.
 */
export class WalletService extends Ledger {
  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly events: BalanceEvents,
  ) {
    super(db);
  }

  override async move(spec: MovementSpec, authority?: Authority): Promise<MovementOutcome> {
    const who = authority ?? (ESCROW_CLOSE_KINDS.has(spec.kind) ? 'completion' : 'ordinary');
    const owners = ownersOf(spec.accounts);
    const outcome = await super.move({
      at: this.clock.now(),
      ...spec,
      legs: async (balances, tx) => {
        if (who === 'ordinary' && owners.length > 0) {
          const closed = await new WalletUserStore(tx).closedAmong(owners);
          if (closed.length > 0) throw new AccountClosedError(closed);
        }
        const legs = await spec.legs(balances, tx);
        // Issue 37: every stake (matchmaking, challenges, giveaways, lobbies, bots) is a 'stake'
        // movement out of a user's account, judged here under that account's lock: a break or a
        // loss limit refuses it whatever path it came by.
        if (spec.kind === 'stake') {
          for (const leg of legs) {
            if (leg.from.kind !== 'user' || !leg.from.ownerId || leg.amount <= 0n) continue;
            await judgeStake(tx, leg.from.ownerId, spec.currency, leg.amount, this.clock.now());
          }
        }
        return legs;
      },
    });
    if (outcome.status === 'applied') await this.events.changed(owners);
    return outcome;
  }
}
