import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { chessProfiles, games } from '../play/index.ts';
import { playerReports } from '../reports/index.ts';

/** What the console shows of a user row (the avatar bytes never). */
const row = {
  uid: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  verifiedLevel: users.verifiedLevel,
  banned: users.banned,
  banReason: users.banReason,
  bannedAt: users.bannedAt,
  closed: users.closed,
  chessUsername: users.chessUsername,
  createdAt: users.createdAt,
};
export interface AdminUserRecord {
  uid: string;
  username: string;
  email: string;
  emailVerified: boolean;
  verifiedLevel: string;
  banned: boolean;
  banReason: string | null;
  bannedAt: Date | null;
  closed: boolean;
  chessUsername: string | null;
  createdAt: Date;
}

/** LIKE's own characters in a search are literal. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const opponents = alias(users, 'opponents');

/** The console's reads of users and what hangs off them (other capabilities' tables, read only). */
export class AdminUsersStore {
  constructor(private readonly db: DbOrTx) {}

  /** Username or e-mail starting with `q` (any case), or the exact uid; newest accounts first. */
  async search(q: string, limit: number): Promise<AdminUserRecord[]> {
    const lower = q.toLowerCase();
    const where: SQL | undefined =
      q === ''
        ? undefined
        : or(
            sql`${users.usernameLower} like ${likePrefix(lower)}`,
            sql`${users.emailLower} like ${likePrefix(lower)}`,
            eq(users.id, q),
          );
    return this.db.select(row).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
  }

  async find(uid: string): Promise<AdminUserRecord | null> {
    const [found] = await this.db.select(row).from(users).where(eq(users.id, uid));
    return found ?? null;
  }

  async openReports(uid: string): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(playerReports)
      .where(and(eq(playerReports.uid, uid), eq(playerReports.archived, false)));
    return r?.n ?? 0;
  }

  /** SPEC 3 Banned user: username, reason, time; newest ban first. */
  async banned(limit: number) {
    return this.db
      .select({
        uid: users.id,
        username: users.username,
        reason: users.banReason,
        at: users.bannedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.banned, true))
      .orderBy(sql`${users.bannedAt} desc nulls last`, desc(users.id))
      .limit(limit);
  }

  async chessProfile(uid: string) {
    const [p] = await this.db
      .select({ platform: chessProfiles.platform, username: chessProfiles.username })
      .from(chessProfiles)
      .where(eq(chessProfiles.userId, uid));
    return p ?? null;
  }

  /** Every game of the user (live ones too), newest first, with the opponent's name. */
  async games(uid: string, limit: number, offset: number) {
    const mine = or(eq(games.whiteId, uid), eq(games.blackId, uid));
    const [total] = await this.db.select({ n: count() }).from(games).where(mine);
    const rows = await this.db
      .select({
        id: games.id,
        mode: games.mode,
        whiteId: games.whiteId,
        status: games.status,
        winner: games.winner,
        stakeCurrency: games.stakeCurrency,
        stakeAmount: games.stakeAmount,
        createdAt: games.createdAt,
        endedAt: games.endedAt,
        opponent: opponents.username,
      })
      .from(games)
      .leftJoin(
        opponents,
        sql`${opponents.id} = case when ${games.whiteId} = ${uid} then ${games.blackId} else ${games.whiteId} end`,
      )
      .where(mine)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(limit)
      .offset(offset);
    return { total: total?.n ?? 0, rows };
  }
}
