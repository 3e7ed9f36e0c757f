import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from './schema.ts';

/** The usernames of these users (each asked once), for the lists other modules show. */
export async function usernamesOf(db: DbOrTx, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(uids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
