import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { readBalance } from './ledger.store.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';

/**
 * Whether any USD deposit (through the provider or an admin's) ever reached the user: with a
 * verified wallet, what cash play needs (SPEC 6 "verify your wallet and deposit funds"). Not
 * while a reversed deposit leaves the user owing (issue 32): their next deposit pays that first.
 */
export async function hasUsdDeposit(db: DbOrTx, uid: string): Promise<boolean> {
  if ((await readBalance(db, accountOf.debt(uid).id)) < 0n) return false;
  const rows = await db
    .select({ id: ledgerMovements.id })
    .from(ledgerTransfers)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
    .where(
      and(
        eq(ledgerTransfers.toAccount, accountOf.user(uid, 'usd').id),
        inArray(ledgerMovements.kind, ['deposit', 'deposit_funded', 'admin_deposit']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
