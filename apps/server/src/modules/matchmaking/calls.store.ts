import { sql } from 'drizzle-orm';
import { MATCHMAKING } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { matchCalls } from './schema.ts';

/**
 * SPEC 9: a seek, cancel or join within 3 s of the user's previous one is ignored. One
 * conditional upsert: it writes (and answers true) only when the last call is old enough, so
 * two calls racing on two instances cannot both pass.
 */
export async function claimCall(db: DbOrTx, uid: string, now: Date): Promise<boolean> {
  const threshold = new Date(now.getTime() - MATCHMAKING.debounceMs);
  const rows = await db
    .insert(matchCalls)
    .values({ uid, at: now })
    .onConflictDoUpdate({ target: matchCalls.uid, set: { at: now }, setWhere: sql`${matchCalls.at} <= ${threshold}` })
    .returning({ uid: matchCalls.uid });
  return rows.length > 0;
}
