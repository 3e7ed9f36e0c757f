import type { Currency } from '@rush/domain';
import type { Balances } from '@rush/protocol';

/**
 * What `Me` reads from capabilities built on accounts (the wallet's ledger, the friends list).
 * The composition root passes them in, so accounts depends on neither.
 */
export interface MeReads {
  /** The header balances, from the ledger. */
  readBalances(userId: string): Promise<Balances>;
  /** Friend invitations waiting for the user (SPEC 2 header badge). */
  readPendingFriendInvites(userId: string): Promise<number>;
  /** Issue 37: the end of a break the user is taking (the wallet's), null when none. */
  readCoolOffUntil?(userId: string): Promise<Date | null>;
}

/** What `Me` is built from besides the user row: those reads, and the admin list the role derives from. */
export interface MeSource extends MeReads {
  readonly adminEmails: ReadonlySet<string>;
  /** A new recovery address still waiting for its link (issue 10). */
  readPendingRecoveryEmail(userId: string): Promise<string | null>;
}

/**
 * Ledger balances (bigint minor units) on the wire (numbers, SPEC 2 header). A balance beyond
 * 2^53 cents would be ninety trillion dollars; the conversion is exact below that.
 */
export function toWireBalances(raw: Record<Currency, bigint>): Balances {
  return { usd: Number(raw.usd), wbx: Number(raw.wbx) };
}
