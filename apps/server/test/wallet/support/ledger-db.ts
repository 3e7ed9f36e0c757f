import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../support/database.ts';
import type { Database, DatabaseKind } from '../../../src/platform/db/database.ts';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { Ledger } from '../../../src/modules/wallet/ledger.ts';
import { applyMovement, readBalance } from '../../../src/modules/wallet/ledger.store.ts';

/**
 * A suite's own database and Ledger (opened before, closed after the suite), with USD funding
 * from the clearing account and balance reads: the setup of the escrow-operation suites.
 */
export function useLedgerDb(kind: DatabaseKind) {
  const t = {} as { db: Database; ledger: Ledger };
  beforeAll(async () => {
    t.db = await createTestDatabase(kind);
    t.ledger = new Ledger(t.db.db);
  });
  afterAll(async () => {
    await t.db?.close();
  });
  const fund = (uid: string, amount: bigint) => {
    const from = accountOf.clearing('usd');
    const to = accountOf.user(uid, 'usd');
    return applyMovement(t.db.db, {
      key: `fund:${uid}:${Math.random()}`,
      kind: 'deposit',
      currency: 'usd',
      accounts: [from, to],
      legs: () => [{ from, to, amount }],
    });
  };
  const bal = (uid: string) => readBalance(t.db.db, accountOf.user(uid, 'usd').id);
  const escrow = (ref: string) => readBalance(t.db.db, accountOf.escrow(ref, 'usd').id);
  return { t, fund, bal, escrow };
}
