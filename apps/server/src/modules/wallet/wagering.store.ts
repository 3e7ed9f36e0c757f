import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { WageringEvent } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';

// `deposit_funded`: a Canadian deposit reaching the balance when its funding window ends.
const KINDS = ['deposit', 'deposit_funded', 'stake', 'refund', 'void', 'admin_withdraw'];

/**
 * The events of a user's USD account that decide how much of it is still unwagered deposit
 * (SPEC 9), oldest first, read from the ledger itself so nothing can drift from the money.
 */
export async function wageringEvents(db: DbOrTx, uid: string): Promise<WageringEvent[]> {
  const account = accountOf.user(uid, 'usd').id;
  const rows = await db
    .select({
      kind: ledgerMovements.kind,
      ref: ledgerMovements.ref,
      amount: ledgerTransfers.amount,
      to: ledgerTransfers.toAccount,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
    .where(
      and(
        or(eq(ledgerTransfers.fromAccount, account), eq(ledgerTransfers.toAccount, account)),
        inArray(ledgerMovements.kind, KINDS),
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
  const events: WageringEvent[] = [];
  for (const r of rows) {
    const incoming = r.to === account;
    const ref = r.ref ?? '';
    if ((r.kind === 'deposit' || r.kind === 'deposit_funded') && incoming)
      events.push({ kind: 'deposit', amount: r.amount });
    else if (r.kind === 'stake' && !incoming) events.push({ kind: 'wager', ref, amount: r.amount });
    else if ((r.kind === 'refund' || r.kind === 'void') && incoming)
      events.push({ kind: 'unwager', ref, amount: r.amount });
    else if (r.kind === 'admin_withdraw' && !incoming) events.push({ kind: 'removed', amount: r.amount });
  }
  return events;
}
