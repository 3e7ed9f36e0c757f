import { settlePot, type Currency } from '@rush/domain';
import type { Db } from '../../platform/db/database.ts';
import { accountOf, type AccountRef } from './account-ids.ts';
import {
  applyMovement,
  InsufficientFundsError,
  movementByKey,
  stakesInEscrow,
  type Leg,
  type MovementOutcome,
  type MovementSpec,
} from './ledger.store.ts';

/** The escrow of this game or lobby was already settled or refunded: no more stakes go in. */
export class EscrowClosedError extends Error {
  constructor(readonly ref: string) {
    super(`escrow ${ref} is closed`);
    this.name = 'EscrowClosedError';
  }
}

/** One key closes an escrow, whichever of settle, refund or void comes first: exactly once. */
export const escrowCloseKey = (ref: string, currency: Currency) => `escrow:close:${ref}:${currency}`;
export const holdKey = (ref: string, uid: string, currency: Currency, seat?: string) =>
  `escrow:hold:${ref}:${uid}:${currency}${seat === undefined ? '' : `:${seat}`}`;
/** The key of one per-user release (`release`): `id` names the business event (a leave, a lost seat). */
export const releaseKey = (ref: string, uid: string, currency: Currency, id: string) =>
  `escrow:release:${ref}:${uid}:${currency}:${id}`;
/** The key of a hold that takes every player's stake at once (`holdAll`). */
export const holdAllKey = (ref: string, currency: Currency) => `escrow:hold:${ref}:${currency}`;

/** A stake into an escrow (`hold`): `seat` makes it once per seat rather than once per user and ref. */
export interface HoldOrder {
  ref: string;
  uid: string;
  currency: Currency;
  amount: bigint;
  seat?: string;
  meta?: Record<string, unknown>;
}

/** Every player's stake at once (`holdAll`). */
export interface HoldAllOrder {
  ref: string;
  currency: Currency;
  stakes: ReadonlyArray<{ uid: string; amount: bigint }>;
  meta?: Record<string, unknown>;
}

/** One user's stake back from an open escrow (`release`), once per `id`. */
export interface ReleaseOrder {
  ref: string;
  uid: string;
  currency: Currency;
  id: string;
  amount?: bigint;
  meta?: Record<string, unknown>;
}

/** The pot to the winners, minus the fee (`settle`). */
export interface SettleOrder {
  ref: string;
  currency: Currency;
  winners: string[];
  meta?: Record<string, unknown>;
}

/** Every stake back to its owner (`refund`). */
export interface RefundOrder {
  ref: string;
  currency: Currency;
  reason: 'refund' | 'void';
  meta?: Record<string, unknown>;
}

/**
 * Escrow and the other money operations later capabilities call. Every method is one movement
 * through `applyMovement`, so each is atomic and idempotent.
 */
export class Ledger {
  constructor(private readonly db: Db) {}

  move(spec: MovementSpec): Promise<MovementOutcome> {
    return applyMovement(this.db, spec);
  }

  /**
   * Stake from a user into the escrow of a game or lobby: once per user and ref, or, with
   * `seat`, once per seat (a lobby a user may leave and join again takes a stake per join).
   */
  hold(opts: HoldOrder): Promise<MovementOutcome> {
    const user = accountOf.user(opts.uid, opts.currency);
    const escrow = accountOf.escrow(opts.ref, opts.currency);
    const debts = opts.currency === 'usd' ? [accountOf.debt(opts.uid)] : [];
    return this.move({
      key: holdKey(opts.ref, opts.uid, opts.currency, opts.seat),
      kind: 'stake',
      currency: opts.currency,
      ref: opts.ref,
      meta: { uid: opts.uid, ...opts.meta },
      accounts: [user, escrow, ...debts],
      legs: async (balances, tx) => {
        // Read after the escrow row is locked: a close that committed first is seen here.
        if (await movementByKey(tx, escrowCloseKey(opts.ref, opts.currency))) throw new EscrowClosedError(opts.ref);
        refuseWhileOwing(balances, debts);
        return [{ from: user, to: escrow, amount: opts.amount }];
      },
    });
  }

  /**
   * Every player's stake into the escrow in ONE movement (a match start): a leg from each user,
   * so the balance check makes it all-or-nothing: if any one cannot pay, nobody is charged
   * (InsufficientFundsError; AccountClosedError through the wallet). Once per ref and currency.
   */
  holdAll(opts: HoldAllOrder): Promise<MovementOutcome> {
    const escrow = accountOf.escrow(opts.ref, opts.currency);
    const users = opts.stakes.map((s) => ({ account: accountOf.user(s.uid, opts.currency), amount: s.amount }));
    const debts = opts.currency === 'usd' ? opts.stakes.map((s) => accountOf.debt(s.uid)) : [];
    return this.move({
      key: holdAllKey(opts.ref, opts.currency),
      kind: 'stake',
      currency: opts.currency,
      ref: opts.ref,
      meta: { stakes: opts.stakes.map((s) => ({ uid: s.uid, amount: String(s.amount) })), ...opts.meta },
      accounts: [...users.map((u) => u.account), escrow, ...debts],
      legs: async (balances, tx) => {
        if (await movementByKey(tx, escrowCloseKey(opts.ref, opts.currency))) throw new EscrowClosedError(opts.ref);
        refuseWhileOwing(balances, debts);
        for (const u of users) {
          // Checked here too, so the error names the account that could not pay.
          if ((balances.get(u.account.id) ?? 0n) < u.amount) throw new InsufficientFundsError(u.account.id);
        }
        return users.map((u) => ({ from: u.account, to: escrow, amount: u.amount }));
      },
    });
  }

  /**
   * Gives ONE user's stake back from an escrow that stays open (a guest leaving a lobby before
   * its start, a seat lost to a racing join): up to `amount` (default: all) of what that user
   * has in it, never anyone else's money. Once per `id`. Throws EscrowClosedError when the
   * escrow was already settled or refunded (that close already decided this money).
   */
  release(opts: ReleaseOrder): Promise<MovementOutcome> {
    const user = accountOf.user(opts.uid, opts.currency);
    const escrow = accountOf.escrow(opts.ref, opts.currency);
    return this.move({
      key: releaseKey(opts.ref, opts.uid, opts.currency, opts.id),
      kind: 'refund',
      currency: opts.currency,
      ref: opts.ref,
      meta: { uid: opts.uid, release: opts.id, ...opts.meta },
      accounts: [escrow, user],
      legs: async (_balances, tx) => {
        if (await movementByKey(tx, escrowCloseKey(opts.ref, opts.currency))) throw new EscrowClosedError(opts.ref);
        const staked = (await stakesInEscrow(tx, escrow.id)).get(user.id) ?? 0n;
        const amount = opts.amount === undefined || opts.amount > staked ? staked : opts.amount;
        return amount > 0n ? [{ from: escrow, to: user, amount }] : [];
      },
    });
  }

  /**
   * Pays the winner(s) the pot minus the 10% fee (floor), draining the escrow exactly:
   * credits + fee = pot. Ties split the net pot.
   */
  settle(opts: SettleOrder): Promise<MovementOutcome> {
    const escrow = accountOf.escrow(opts.ref, opts.currency);
    const fee = accountOf.fee(opts.currency);
    const winners = opts.winners.map((uid) => accountOf.user(uid, opts.currency));
    return this.move({
      key: escrowCloseKey(opts.ref, opts.currency),
      kind: 'settle',
      currency: opts.currency,
      ref: opts.ref,
      meta: { winners: opts.winners, ...opts.meta },
      accounts: [escrow, fee, ...winners],
      legs: (balances) => {
        const pot = balances.get(escrow.id) ?? 0n;
        if (pot === 0n) return [];
        const s = settlePot(pot, opts.winners);
        const legs: Leg[] = [{ from: escrow, to: fee, amount: s.fee }];
        for (const [uid, amount] of s.payouts)
          legs.push({ from: escrow, to: accountOf.user(uid, opts.currency), amount });
        return legs;
      },
    });
  }

  /** Returns every stake to its owner (cancelled, aborted or void game): no fee. */
  async refund(opts: RefundOrder): Promise<MovementOutcome> {
    const escrow = accountOf.escrow(opts.ref, opts.currency);
    for (let attempt = 1; ; attempt++) {
      // The stakers are read first so their accounts are locked with the escrow; a stake that
      // lands in between is caught under the locks and the refund starts over.
      const owners = [...(await stakesInEscrow(this.db, escrow.id)).keys()].map(ownerAccount(opts.currency));
      try {
        return await this.move({
          key: escrowCloseKey(opts.ref, opts.currency),
          kind: opts.reason,
          currency: opts.currency,
          ref: opts.ref,
          meta: { ...opts.meta },
          accounts: [escrow, ...owners],
          legs: async (balances, tx) => {
            const legs: Leg[] = [];
            for (const [accountId, amount] of await stakesInEscrow(tx, escrow.id)) {
              if (amount <= 0n) continue;
              const owner = owners.find((o) => o.id === accountId);
              if (!owner) throw new StakersChangedError();
              legs.push({ from: escrow, to: owner, amount });
            }
            const total = legs.reduce((a, l) => a + l.amount, 0n);
            if (total !== (balances.get(escrow.id) ?? 0n))
              throw new Error(`escrow ${escrow.id} does not match its stakes`);
            return legs;
          },
        });
      } catch (e) {
        if (e instanceof StakersChangedError && attempt < 5) continue;
        throw e;
      }
    }
  }
}

class StakersChangedError extends Error {}

/** `user:{uid}:{currency}` back to the account it names. */
const ownerAccount =
  (currency: Currency) =>
  (accountId: string): AccountRef => {
    const uid = accountId.slice('user:'.length, accountId.length - currency.length - 1);
    return accountOf.user(uid, currency);
  };

/**
 * Issue 32: a user who owes after a reversed deposit stakes no real money until it is paid
 * (read under the same locks as the stake, so a reversal committing first is seen).
 */
function refuseWhileOwing(balances: ReadonlyMap<string, bigint>, debts: readonly AccountRef[]): void {
  for (const d of debts) if ((balances.get(d.id) ?? 0n) < 0n) throw new InsufficientFundsError(d.id);
}
