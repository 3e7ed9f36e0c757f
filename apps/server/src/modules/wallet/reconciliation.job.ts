import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  checkLedger,
  lastReconciliation,
  saveReconciliation,
  type ReconciliationRecord,
} from './reconciliation.store.ts';

/**
 * The ledger reconciliation, run as a wallet job on every instance: it checks that every currency
 * sums to zero and that every stored balance equals its transfers, stores the result in the
 * database (so the admin health endpoint of any instance shows the last run of any instance) and
 * logs an alert at error level when the books do not balance. The triggers of migration 0012 make
 * a mismatch impossible through SQL short of disabling triggers; this is the independent check
 * that would notice a restore gone wrong, a hand edit or a bug in the triggers themselves.
 */
export class LedgerReconciliation {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<ReconciliationRecord> {
    const started = performance.now();
    const findings = await checkLedger(this.db);
    const durationMs = performance.now() - started;
    const checkedAt = this.clock.now();
    await saveReconciliation(this.db, findings, checkedAt, durationMs);
    if (!findings.ok) {
      this.log.error(
        {
          alert: 'ledger-reconciliation',
          sums: findings.sums,
          mismatchCount: findings.mismatchCount,
          mismatches: findings.mismatches,
        },
        'ALERT: the ledger does not reconcile (a currency does not sum to zero or a balance differs from its transfers)',
      );
    } else {
      this.log.debug({ accounts: findings.accounts, transfers: String(findings.transfers) }, 'ledger reconciled');
    }
    return (await lastReconciliation(this.db)) ?? { ...findings, checkedAt, durationMs, lastFailedAt: null };
  }

  last(): Promise<ReconciliationRecord | null> {
    return lastReconciliation(this.db);
  }
}
