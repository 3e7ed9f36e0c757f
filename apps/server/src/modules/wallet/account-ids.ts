import type { Currency } from '@rush/domain';
import type { LedgerAccountKind } from './schema.ts';

/**
 * Ledger account ids are readable and derived, so a movement names its accounts without a
 * lookup and the lock order (sorted ids) is the same for every caller.
 */
export interface AccountRef {
  id: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
  currency: Currency;
}

export const accountOf = {
  user: (uid: string, currency: Currency): AccountRef => ({
    id: `user:${uid}:${currency}`,
    kind: 'user',
    ownerId: uid,
    currency,
  }),
  withdrawal: (uid: string): AccountRef => ({
    id: `withdrawal:${uid}:usd`,
    kind: 'withdrawal',
    ownerId: uid,
    currency: 'usd',
  }),
  /** A user's confirmed Canadian deposits waiting out the funding window (issue 16). */
  funding: (uid: string): AccountRef => ({ id: `funding:${uid}:usd`, kind: 'funding', ownerId: uid, currency: 'usd' }),
  /** What a user owes after a reversed deposit (issue 32): zero or negative, paid back by their next deposit. */
  debt: (uid: string): AccountRef => ({ id: `debt:${uid}:usd`, kind: 'debt', ownerId: uid, currency: 'usd' }),
  escrow: (ref: string, currency: Currency): AccountRef => ({
    id: `escrow:${ref}:${currency}`,
    kind: 'escrow',
    ownerId: ref,
    currency,
  }),
  fee: (currency: Currency): AccountRef => ({ id: `system:fee:${currency}`, kind: 'fee', ownerId: null, currency }),
  issuance: (): AccountRef => ({ id: 'system:issuance:wbx', kind: 'issuance', ownerId: null, currency: 'wbx' }),
  clearing: (currency: Currency): AccountRef => ({
    id: `system:clearing:${currency}`,
    kind: 'clearing',
    ownerId: null,
    currency,
  }),
  /** The bots' stake holder (bots module): pays wins, keeps lost stakes; RushCoins only. */
  house: (): AccountRef => ({ id: 'system:house:wbx', kind: 'house', ownerId: null, currency: 'wbx' }),
  adjustment: (currency: Currency): AccountRef => ({
    id: `system:adjustment:${currency}`,
    kind: 'adjustment',
    ownerId: null,
    currency,
  }),
};
