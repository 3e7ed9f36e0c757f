import type { Db, DbOrTx } from '../../platform/db/database.ts';

/**
 * One short database transaction for the wallet's services, which otherwise never see Drizzle.
 * On PGlite (one connection) everything inside must go through `tx`, and nothing slow (an
 * outside call) may happen inside.
 */
export function inTransaction<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
