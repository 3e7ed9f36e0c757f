import { and, desc, eq, getTableColumns, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { preparedOn } from '../../platform/db/prepared.ts';
import { emailTokens, users, type StoredSettings } from './schema.ts';

/** A user as the services see it: every column but the avatar bytes, which only the image route reads. */
export type UserRecord = Omit<typeof users.$inferSelect, 'avatar'>;
export type NewUser = Pick<
  typeof users.$inferInsert,
  | 'id'
  | 'username'
  | 'email'
  | 'emailVerified'
  | 'passwordHash'
  | 'dateOfBirth'
  | 'googleSub'
  | 'facebookId'
  | 'createdAt'
>;
export type EmailTokenKind = 'verify' | 'reset' | 'recovery';
export type EmailTokenRecord = typeof emailTokens.$inferSelect;

/** What an admin's moderation changes of a user (the audit log's before and after). */
export interface UserStanding {
  banned: boolean;
  reason: string | null;
  at: string | null;
  verifiedLevel: string;
}

/** Which unique rule an insert or rename broke, if any. */
export type UniqueConflict = 'username' | 'email' | 'googleSub' | 'facebookId';

const { avatar: _avatar, ...userColumns } = getTableColumns(users);

/**
 * PGlite and pg both report a unique violation as SQLSTATE 23505 with the index name in
 * `constraint`; Drizzle wraps the driver error in `cause`.
 */
export function uniqueConflictOf(e: unknown): UniqueConflict | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const { code, constraint } = cur as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      if (constraint === 'users_username_lower_key') return 'username';
      if (constraint === 'users_email_lower_key') return 'email';
      if (constraint === 'users_google_sub_key') return 'googleSub';
      if (constraint === 'users_facebook_id_key') return 'facebookId';
      return null;
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

/** Users and e-mail tokens: the SQL of the accounts capability (sessions, throttle, presence, OIDC state live in their own stores). */
export class AccountStore {
  /** `adminEmails`: the operator's list in force, from which `Me` derives the role (never stored). */
  constructor(
    private readonly db: DbOrTx,
    readonly adminEmails: ReadonlySet<string> = new Set(),
  ) {}

  /** Runs `fn` in one short transaction; keep slow work (hashing, mail, HTTP) outside. */
  transaction<T>(fn: (store: AccountStore) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => fn(new AccountStore(tx, this.adminEmails)));
  }

  async findById(id: string): Promise<UserRecord | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    return rows[0] ?? null;
  }

  /**
   * Only what decides whether an account may act (closed, banned, no date of birth yet): a
   * primary-key read of three columns, cheap enough for every socket command (moves included).
   */
  async standing(id: string): Promise<{ closed: boolean; banned: boolean; dateOfBirth: string | null } | null> {
    const query = preparedOn(this.db, 'account_standing', () =>
      this.db
        .select({ closed: users.closed, banned: users.banned, dateOfBirth: users.dateOfBirth })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare('account_standing'),
    );
    const rows = await query.execute({ id });
    return rows[0] ?? null;
  }

  async findByUsername(username: string): Promise<UserRecord | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(eq(users.usernameLower, username.toLowerCase()))
      .limit(1);
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(eq(users.emailLower, email.toLowerCase()))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The account whose login email or recovery email is `email` (login email wins). */
  async findByEmailOrRecoveryEmail(email: string): Promise<UserRecord | null> {
    const lower = email.toLowerCase();
    const byEmail = await this.findByEmail(lower);
    if (byEmail) return byEmail;
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(sql`lower(${users.recoveryEmail}) = ${lower}`)
      .limit(2);
    // A recovery address shared by two accounts names neither: better no mail than the wrong account's.
    return rows.length === 1 ? rows[0]! : null;
  }

  async findByGoogleSub(sub: string): Promise<UserRecord | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.googleSub, sub)).limit(1);
    return rows[0] ?? null;
  }

  async findByFacebookId(facebookId: string): Promise<UserRecord | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.facebookId, facebookId)).limit(1);
    return rows[0] ?? null;
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.findByUsername(username)) !== null;
  }

  /** Inserts a user; the unique indexes decide races, reported as a conflict instead of thrown. */
  async insertUser(u: NewUser): Promise<UserRecord | UniqueConflict> {
    try {
      const rows = await this.db
        .insert(users)
        .values({ ...u, usernameLower: u.username.toLowerCase(), emailLower: u.email.toLowerCase() })
        .returning(userColumns);
      return rows[0]!;
    } catch (e) {
      const conflict = uniqueConflictOf(e);
      if (conflict) return conflict;
      throw e;
    }
  }

  /**
   * Moves a never-verified account to another address (issue 36: the sign-up panel's "Change
   * it"): null when the account got verified meanwhile, a conflict when the address was taken.
   */
  setUnverifiedEmail(id: string, email: string): Promise<UserRecord | UniqueConflict | null> {
    return this.setUnique(
      { email, emailLower: email.toLowerCase() },
      and(eq(users.id, id), eq(users.emailVerified, false)),
    );
  }

  setUsername(id: string, username: string): Promise<UserRecord | UniqueConflict | null> {
    return this.setUnique({ username, usernameLower: username.toLowerCase() }, eq(users.id, id));
  }

  /** An update of a uniquely indexed column: the row, null when none matched, or the index it collided on. */
  private async setUnique(
    set: Partial<typeof users.$inferInsert>,
    where: SQL | undefined,
  ): Promise<UserRecord | UniqueConflict | null> {
    try {
      const rows = await this.db.update(users).set(set).where(where).returning(userColumns);
      return rows[0] ?? null;
    } catch (e) {
      const conflict = uniqueConflictOf(e);
      if (conflict) return conflict;
      throw e;
    }
  }

  async update(
    id: string,
    patch: Partial<
      Pick<
        typeof users.$inferInsert,
        'usernameColor' | 'recoveryEmail' | 'passwordHash' | 'emailVerified' | 'googleSub' | 'facebookId'
      >
    >,
  ): Promise<UserRecord | null> {
    const rows = await this.db.update(users).set(patch).where(eq(users.id, id)).returning(userColumns);
    return rows[0] ?? null;
  }

  /**
   * Sets the date of birth of an account that has none (a provider sign-up), in one conditional
   * statement: null when the account already had one (or is gone), so it is set once.
   */
  async setDateOfBirthOnce(id: string, dateOfBirth: string): Promise<UserRecord | null> {
    const rows = await this.db
      .update(users)
      .set({ dateOfBirth })
      .where(and(eq(users.id, id), isNull(users.dateOfBirth)))
      .returning(userColumns);
    return rows[0] ?? null;
  }

  /** Merges the flags into the stored settings in one statement (no read-modify-write race). */
  async mergeSettings(id: string, patch: Partial<StoredSettings>): Promise<UserRecord | null> {
    const rows = await this.db
      .update(users)
      .set({ settings: sql`${users.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(users.id, id))
      .returning(userColumns);
    return rows[0] ?? null;
  }

  async setAvatar(id: string, image: Buffer): Promise<UserRecord | null> {
    const rows = await this.db
      .update(users)
      .set({ avatar: image, avatarVersion: sql`${users.avatarVersion} + 1` })
      .where(eq(users.id, id))
      .returning(userColumns);
    return rows[0] ?? null;
  }

  async readAvatar(id: string): Promise<{ image: Buffer; version: number } | null> {
    const rows = await this.db
      .select({ image: users.avatar, version: users.avatarVersion })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    const row = rows[0];
    return row?.image ? { image: row.image, version: row.version } : null;
  }

  async insertEmailToken(t: {
    tokenHash: string;
    userId: string;
    kind: EmailTokenKind;
    email: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(emailTokens).values(t);
  }

  /** The newest token of this kind issued to the user after `since` (to space out mails). */
  async recentEmailToken(userId: string, kind: EmailTokenKind, since: Date): Promise<EmailTokenRecord | null> {
    const rows = await this.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** A token that is unused and unexpired at `now` (read only: the form may still be refused). */
  async findLiveEmailToken(tokenHash: string, kind: EmailTokenKind, now: Date): Promise<EmailTokenRecord | null> {
    const rows = await this.db
      .select()
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.kind, kind),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Marks a live token used and returns it, in one conditional UPDATE: of two concurrent uses
   * of the same link, exactly one gets the row.
   */
  async consumeEmailToken(tokenHash: string, kind: EmailTokenKind, now: Date): Promise<EmailTokenRecord | null> {
    const rows = await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.kind, kind),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  /** Other outstanding tokens of that kind die when one is used (an older reset link must not work after a reset). */
  async invalidateEmailTokens(userId: string, kind: EmailTokenKind, now: Date): Promise<void> {
    await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
  }

  /**
   * The recovery address waiting for its link: the newest unused 'recovery' token's (a new
   * request, a verification or a password change marks the older ones used).
   */
  async readPendingRecoveryEmail(userId: string): Promise<string | null> {
    const rows = await this.db
      .select({ email: emailTokens.email })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'recovery'), isNull(emailTokens.usedAt)))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    return rows[0]?.email ?? null;
  }

  /** Housekeeping: tokens expired or used more than a day ago are of no use to anyone. */
  async deleteStaleEmailTokens(before: Date): Promise<void> {
    await this.db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, before), lt(emailTokens.usedAt, before)));
  }

  /** The moderation columns of a user, locked for the rest of the transaction (an admin's ban or level change). */
  async lockStanding(id: string): Promise<UserStanding | null> {
    const rows = await this.db
      .select({ banned: users.banned, reason: users.banReason, at: users.bannedAt, verifiedLevel: users.verifiedLevel })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    const row = rows[0];
    return row
      ? { banned: row.banned, reason: row.reason, at: row.at?.toISOString() ?? null, verifiedLevel: row.verifiedLevel }
      : null;
  }

  /** SPEC 4 ban/unban: a ban carries its reason and time (SPEC 3 Banned user); lifting it clears both. */
  async setBan(id: string, ban: { reason: string; at: Date } | null): Promise<void> {
    await this.db
      .update(users)
      .set(
        ban
          ? { banned: true, banReason: ban.reason, bannedAt: ban.at }
          : { banned: false, banReason: null, bannedAt: null },
      )
      .where(eq(users.id, id));
  }

  /** SPEC 7 setUserVerified {uid, optionId}. */
  async setVerifiedLevel(id: string, level: string): Promise<void> {
    await this.db.update(users).set({ verifiedLevel: level }).where(eq(users.id, id));
  }
}
