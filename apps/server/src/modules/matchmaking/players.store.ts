import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';

/** What eligibility reads of the account (SPEC 5): name, date of birth, ban, closure, level. */
export async function playerRow(db: DbOrTx, uid: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      dob: users.dateOfBirth,
      banned: users.banned,
      closed: users.closed,
      level: users.verifiedLevel,
    })
    .from(users)
    .where(eq(users.id, uid));
  return user ?? null;
}
