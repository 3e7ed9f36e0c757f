import { and, desc, eq, getTableColumns, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { sessions, users } from './schema.ts';
import type { UserRecord } from './store.ts';

export type SessionRecord = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert & { expiresAt: Date };

const { avatar: _avatar, ...userColumns } = getTableColumns(users);

/** The sessions table. Tokens are stored only as their sha256. */
export class SessionStore {
  constructor(private readonly db: DbOrTx) {}

  transaction<T>(fn: (store: SessionStore) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new SessionStore(tx)));
  }

  /** The session and its user in one query (every API request of a signed-in user runs it). */
  async findWithUser(tokenHash: string): Promise<{ session: SessionRecord; user: UserRecord } | null> {
    const rows = await this.db
      .select({ session: getTableColumns(sessions), user: userColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The public id of the user's session (SPEC 4: there is at most one). */
  async currentPublicId(userId: string): Promise<string | null> {
    const rows = await this.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return rows[0]?.publicId ?? null;
  }

  async insert(s: NewSession): Promise<void> {
    await this.db.insert(sessions).values(s);
  }

  /** Deletes every session of the user except `keepTokenHash`; returns the public ids removed. */
  async deleteOthers(userId: string, keepTokenHash: string | null): Promise<string[]> {
    const where = keepTokenHash
      ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
      : eq(sessions.userId, userId);
    const rows = await this.db.delete(sessions).where(where).returning({ publicId: sessions.publicId });
    return rows.map((r) => r.publicId);
  }

  async deleteByTokenHash(tokenHash: string): Promise<{ userId: string; publicId: string } | null> {
    const rows = await this.db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ userId: sessions.userId, publicId: sessions.publicId });
    return rows[0] ?? null;
  }

  async touch(tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
  }
}
