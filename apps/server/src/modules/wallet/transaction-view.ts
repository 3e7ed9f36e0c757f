import type { WalletTransaction } from '@rush/protocol';
import { accountOf } from './account-ids.ts';
import type { PaymentSessionRecord } from './deposits.store.ts';
import type { MovementDetail } from './history.store.ts';
import type { WithdrawalRecord } from './withdrawals.store.ts';

/** What a row needs beyond its movement: names, settled winners, withdrawal outcomes. */
export interface ViewContext {
  usernames: ReadonlyMap<string, string>;
  /** `{ref}:{currency}` -> winners, for the stakes of settled games. */
  winners: ReadonlyMap<string, string[]>;
  withdrawals: ReadonlyMap<string, WithdrawalRecord>;
  /** Deposit sessions of the deposits shown: a Canadian one in its funding window is pending. */
  deposits?: ReadonlyMap<string, PaymentSessionRecord>;
}

/** Meta values are JSON: amounts are stored as strings (JSON has no bigint). */
export const metaAmount = (v: unknown): bigint => (typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : 0n);
export const metaString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * One movement as one row of a user's transactions (SPEC 3): its type, the amount that left or
 * reached the user's accounts, the result of a game settlement, who paid and who received.
 */
export function transactionView(uid: string, m: MovementDetail, ctx: ViewContext): WalletTransaction {
  const own = new Set([accountOf.user(uid, m.currency).id, accountOf.withdrawal(uid).id, accountOf.funding(uid).id]);
  let inflow = 0n;
  let outflow = 0n;
  let internal = 0n;
  for (const t of m.transfers) {
    const fromOwn = own.has(t.from);
    const toOwn = own.has(t.to);
    if (fromOwn && toOwn) internal += t.amount;
    else if (toOwn) inflow += t.amount;
    else if (fromOwn) outflow += t.amount;
  }
  const name = ctx.usernames.get(uid) ?? null;
  const incoming = { source: null, destination: name };
  const outgoing = { source: name, destination: null };
  const base = { id: m.id.toString(), currency: m.currency, date: m.createdAt.toISOString() };
  const done = { status: 'completed' as const, completed: true, fee: 0 };
  const none = { result: null };

  switch (m.kind) {
    case 'deposit': {
      const fee = metaAmount(m.meta.fee);
      const session = ctx.deposits?.get(metaString(m.meta.sessionId) ?? '');
      const funding = session?.status === 'funding';
      // Returned by the payer's bank after the credit (issue 32): the money was taken back.
      const reversed = session?.status === 'reversed';
      return {
        ...base,
        ...done,
        ...(funding ? { status: 'pending' as const, completed: false } : {}),
        ...(reversed ? { status: 'rejected' as const, completed: false } : {}),
        ...incoming,
        type: 'deposit',
        amount: Number(inflow + fee),
        fee: Number(fee),
        notes: none,
      };
    }
    case 'withdraw': {
      const w = ctx.withdrawals.get(metaString(m.meta.withdrawalId) ?? '');
      const status = w?.status ?? 'pending';
      return {
        ...base,
        ...outgoing,
        type: 'withdraw',
        amount: Number(internal + outflow),
        fee: Number(w?.fee ?? 0n),
        status,
        completed: status === 'completed',
        notes: none,
      };
    }
    case 'stake': {
      const winners = m.ref ? ctx.winners.get(`${m.ref}:${m.currency}`) : undefined;
      const result = winners ? (winners.includes(uid) ? 'win' : 'lose') : null;
      return { ...base, ...done, ...outgoing, type: 'stake', amount: Number(outflow), notes: { result } };
    }
    case 'settle':
      return { ...base, ...done, ...incoming, type: 'payout', amount: Number(inflow), notes: { result: 'win' } };
    case 'refund':
    case 'void':
      return { ...base, ...done, ...incoming, type: 'refund', amount: Number(inflow), notes: none };
    case 'reward':
      return { ...base, ...done, ...incoming, type: 'reward', amount: Number(inflow), notes: none };
    case 'topup':
      return { ...base, ...done, ...incoming, type: 'topup', amount: Number(inflow), notes: none };
    case 'admin_deposit':
      return {
        ...base,
        ...done,
        ...incoming,
        type: 'admin_deposit',
        amount: Number(inflow),
        notes: { result: 'Admin Deposit' },
      };
    case 'admin_withdraw':
      return {
        ...base,
        ...done,
        ...outgoing,
        type: 'admin_withdraw',
        amount: Number(outflow),
        notes: { result: 'Admin Withdraw' },
      };
    default:
      // A kind a later capability adds before this list learns it: shown by its direction.
      return inflow >= outflow
        ? { ...base, ...done, ...incoming, type: 'payout', amount: Number(inflow - outflow), notes: none }
        : { ...base, ...done, ...outgoing, type: 'stake', amount: Number(outflow - inflow), notes: none };
  }
}

/**
 * The ledger movement kinds each transaction type is shown for (the admin list's type filter
 * asks the ledger for these). Kinds not listed here are shown by their direction and are found
 * by no type filter.
 */
export const KINDS_OF_TYPE: Record<WalletTransaction['type'], readonly string[]> = {
  deposit: ['deposit'],
  withdraw: ['withdraw'],
  stake: ['stake'],
  payout: ['settle'],
  refund: ['refund', 'void'],
  reward: ['reward'],
  topup: ['topup'],
  admin_deposit: ['admin_deposit'],
  admin_withdraw: ['admin_withdraw'],
};
