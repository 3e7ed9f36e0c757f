import type { Db, Tx } from './database.ts';
import { isRetryable } from './sql-errors.ts';

/**
 * One transaction, run again from the start when PostgreSQL aborted it for a deadlock or a
 * serialization failure (the work must be safe to repeat: it only talks to the database).
 * Any other error, or the last attempt's, reaches the caller.
 */
export async function inTx<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt < attempts && isRetryable(err)) continue;
      throw err;
    }
  }
}
