import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { walletSettings } from '../schema.ts';

/**
 * A secret made at the first start and kept in the database, so every instance (and every
 * restart) signs and verifies with the same one. The first writer wins a concurrent start.
 */
export async function sharedSecret(db: DbOrTx, key: string): Promise<string> {
  await db
    .insert(walletSettings)
    .values({ key, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: walletSettings.key });
  const [row] = await db
    .select({ value: walletSettings.value })
    .from(walletSettings)
    .where(eq(walletSettings.key, key));
  if (!row) throw new Error(`secret ${key} missing`);
  return row.value;
}
