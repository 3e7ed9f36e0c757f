import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.ts';

/** A table whose rows belong to a user: a public `id` and the owner's `uid`. */
type OwnedTable = PgTable & { id: PgColumn; uid: PgColumn };

/** Inserts one row and answers it as stored (defaults filled in). */
export async function insertOne<T extends PgTable>(
  db: DbOrTx,
  table: T,
  row: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const [inserted] = (await db.insert(table).values(row).returning()) as T['$inferSelect'][];
  return inserted!;
}

/**
 * The user's row by id, locked for the rest of the transaction (every call on it then runs one
 * at a time); null when there is none or it is someone else's.
 */
export async function lockOwned<T extends OwnedTable>(
  db: DbOrTx,
  table: T,
  uid: string,
  id: string,
): Promise<T['$inferSelect'] | null> {
  // Drizzle cannot check a generic table against its selection rules; as a plain table it can.
  const from: PgTable = table;
  const rows = (await db
    .select()
    .from(from)
    .where(and(eq(table.id, id), eq(table.uid, uid)))
    .for('update')) as T['$inferSelect'][];
  return rows[0] ?? null;
}
