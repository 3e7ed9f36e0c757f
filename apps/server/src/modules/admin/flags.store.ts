import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { fairPlayFlags } from '../fairplay/index.ts';

export type FlagRecord = typeof fairPlayFlags.$inferSelect;

/** SPEC 3 Flagged user: uid to flags (fair play's system flags and the admins' own). */
export class FlagsStore {
  constructor(private readonly db: DbOrTx) {}

  /** Every flag with its user's name, by user then oldest first. */
  async all() {
    return this.db
      .select({ flag: fairPlayFlags, username: users.username })
      .from(fairPlayFlags)
      .innerJoin(users, eq(users.id, fairPlayFlags.uid))
      .orderBy(asc(users.usernameLower), asc(fairPlayFlags.uid), asc(fairPlayFlags.createdAt), asc(fairPlayFlags.id));
  }

  async add(row: typeof fairPlayFlags.$inferInsert): Promise<FlagRecord> {
    const [added] = await this.db.insert(fairPlayFlags).values(row).returning();
    return added!;
  }

  /** The deleted flag, or null when there was none. */
  async delete(id: bigint): Promise<FlagRecord | null> {
    const [gone] = await this.db.delete(fairPlayFlags).where(eq(fairPlayFlags.id, id)).returning();
    return gone ?? null;
  }

  async userExists(uid: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, uid))).length > 0;
  }
}
