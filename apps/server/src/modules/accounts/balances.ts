import type { Currency } from '@rush/domain';
import type { Balances } from '@rush/protocol';

/** Where `Me` gets the header balances from: the ledger, through the caller's store. */
export interface BalanceSource {
  readBalances(userId: string): Promise<Balances>;
}

/**
 * Ledger balances (bigint minor units) on the wire (numbers, SPEC 2 header). A balance beyond
 * 2^53 cents would be ninety trillion dollars; the conversion is exact below that.
 */
export function toWireBalances(raw: Record<Currency, bigint>): Balances {
  return { usd: Number(raw.usd), wbx: Number(raw.wbx) };
}

/**
 * Friend invitations waiting for the user (header badge). There are no friends yet; the social
 * issue replaces this with a count of pending invites.
 */
export function readPendingFriendInvites(_userId: string): Promise<number> {
  return Promise.resolve(0);
}
