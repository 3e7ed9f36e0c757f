import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { adminAudit } from './schema.ts';

export interface NewAuditRow {
  adminUid: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

export interface AuditFilter {
  action?: string | undefined;
  admin?: string | undefined;
  target?: string | undefined;
}

/** The admin audit log's SQL: append and read (the database refuses UPDATE and DELETE). */
export class AuditStore {
  constructor(private readonly db: DbOrTx) {}

  async append(row: NewAuditRow): Promise<void> {
    // jsonb keeps null for "nothing" rather than a JSON null, so a missing side reads back as null.
    await this.db.insert(adminAudit).values({ ...row, before: row.before ?? null, after: row.after ?? null });
  }

  async page(filter: AuditFilter, limit: number, offset: number) {
    const where: SQL[] = [];
    if (filter.action) where.push(eq(adminAudit.action, filter.action));
    if (filter.admin) where.push(eq(adminAudit.adminUid, filter.admin));
    if (filter.target) where.push(eq(adminAudit.target, filter.target));
    const condition = where.length > 0 ? and(...where) : undefined;
    const [total] = await this.db.select({ n: count() }).from(adminAudit).where(condition);
    const rows = await this.db
      .select({
        id: adminAudit.id,
        at: adminAudit.at,
        adminUid: adminAudit.adminUid,
        adminName: users.username,
        action: adminAudit.action,
        target: adminAudit.target,
        before: adminAudit.before,
        after: adminAudit.after,
      })
      .from(adminAudit)
      .innerJoin(users, eq(users.id, adminAudit.adminUid))
      .where(condition)
      .orderBy(desc(adminAudit.id))
      .limit(limit)
      .offset(offset);
    return { total: total?.n ?? 0, rows };
  }

  /** The entries of these actions on these targets, newest first (a console's "last action" column). */
  async latest(actions: readonly string[], targets: readonly string[]) {
    if (actions.length === 0 || targets.length === 0) return [];
    return this.db
      .select({
        at: adminAudit.at,
        adminUid: adminAudit.adminUid,
        adminName: users.username,
        action: adminAudit.action,
        target: adminAudit.target,
        after: adminAudit.after,
      })
      .from(adminAudit)
      .innerJoin(users, eq(users.id, adminAudit.adminUid))
      .where(and(inArray(adminAudit.action, [...actions]), inArray(adminAudit.target, [...new Set(targets)])))
      .orderBy(desc(adminAudit.id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(adminAudit);
    return row?.n ?? 0;
  }
}
