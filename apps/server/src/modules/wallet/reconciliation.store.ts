import { count, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/database.ts';
import { sumPerCurrency, TRANSFER_NETS } from './ledger.store.ts';
import { ledgerAccounts, ledgerReconciliation, ledgerTransfers } from './schema.ts';

/** How many mismatching accounts a result names (the count is always complete). */
export const MISMATCHES_LISTED = 20;

export interface LedgerMismatch {
  account: string;
  stored: string;
  fromTransfers: string;
}

export interface LedgerFindings {
  ok: boolean;
  /** Sum of all balances per currency, as decimal strings; every one is "0" when the books balance. */
  sums: Record<string, string>;
  mismatchCount: number;
  mismatches: LedgerMismatch[];
  accounts: number;
  transfers: bigint;
}

export interface ReconciliationRecord extends LedgerFindings {
  checkedAt: Date;
  durationMs: number;
  lastFailedAt: Date | null;
}

const CHECK_NAME = 'ledger';

/**
 * Reads the whole ledger in one snapshot (REPEATABLE READ, read only: movements committing
 * meanwhile are either wholly in it or not at all) and checks the two invariants: every currency
 * sums to zero, and every stored balance equals the net of its transfers.
 */
export async function checkLedger(db: Db): Promise<LedgerFindings> {
  return db.transaction(
    async (tx) => {
      const sums = Object.fromEntries(
        Object.entries(await sumPerCurrency(tx)).map(([currency, total]) => [currency, total.toString()]),
      );

      const mismatchRows = rowsOf<{ account: string; stored: string; derived: string; total: string }>(
        await tx.execute(sql`
          with derived as (${TRANSFER_NETS})
          select coalesce(a.id, d.account) as account,
                 coalesce(a.balance, 0)::text as stored,
                 coalesce(d.net, 0)::text as derived,
                 count(*) over ()::text as total
            from ledger_accounts a full outer join derived d on d.account = a.id
           where coalesce(a.balance, 0) <> coalesce(d.net, 0)
           order by 1
           limit ${MISMATCHES_LISTED}`),
      );
      const [accounts] = await tx.select({ n: count() }).from(ledgerAccounts);
      const [transfers] = await tx.select({ n: sql<string>`count(*)::text` }).from(ledgerTransfers);
      const mismatchCount = mismatchRows.length > 0 ? Number(mismatchRows[0]!.total) : 0;
      return {
        ok: mismatchCount === 0 && Object.values(sums).every((s) => s === '0'),
        sums,
        mismatchCount,
        mismatches: mismatchRows.map((r) => ({ account: r.account, stored: r.stored, fromTransfers: r.derived })),
        accounts: accounts?.n ?? 0,
        transfers: BigInt(transfers?.n ?? '0'),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Stores a run's result as the last one; a failure also stamps `last_failed_at`. */
export async function saveReconciliation(
  db: DbOrTx,
  findings: LedgerFindings,
  checkedAt: Date,
  durationMs: number,
): Promise<void> {
  const row = {
    name: CHECK_NAME,
    ok: findings.ok,
    checkedAt,
    sums: findings.sums,
    mismatchCount: findings.mismatchCount,
    mismatches: findings.mismatches,
    accounts: findings.accounts,
    transfers: findings.transfers,
    durationMs: Math.round(durationMs),
  };
  await db
    .insert(ledgerReconciliation)
    .values({ ...row, lastFailedAt: findings.ok ? null : checkedAt })
    .onConflictDoUpdate({
      target: ledgerReconciliation.name,
      set: {
        ...row,
        lastFailedAt: findings.ok ? sql`${ledgerReconciliation.lastFailedAt}` : checkedAt,
      },
    });
}

/** The last stored result, whichever instance ran it; null before the first run. */
export async function lastReconciliation(db: DbOrTx): Promise<ReconciliationRecord | null> {
  const [row] = await db.select().from(ledgerReconciliation).where(eq(ledgerReconciliation.name, CHECK_NAME));
  if (!row) return null;
  return {
    ok: row.ok,
    sums: row.sums,
    mismatchCount: row.mismatchCount,
    mismatches: row.mismatches,
    accounts: row.accounts,
    transfers: row.transfers,
    checkedAt: row.checkedAt,
    durationMs: row.durationMs,
    lastFailedAt: row.lastFailedAt,
  };
}
