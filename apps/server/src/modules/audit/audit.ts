import type { AuditResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { AuditStore, type AuditFilter } from './audit.store.ts';

/** 50 entries a page, newest first (protocol AuditQuery). */
export const AUDIT_PAGE_SIZE = 50;

/** One admin action: who, what (a dotted name such as `user.ban`), on what. */
export interface AuditAction {
  adminUid: string;
  action: string;
  /** A uid, a report or flag id, `app`, a wager `currency/key`; null when the action has none. */
  target: string | null;
}

/**
 * The admin audit log (issue 12): every admin write leaves one row, append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE). Written inside the change's own transaction wherever the
 * change is one (`hook`, `record` with the transaction), so the action and its record commit
 * together: a refused or rolled-back change, or a replayed money key, leaves no row.
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Appends the row on `tx` (the change's transaction). */
  async record(tx: DbOrTx, act: AuditAction, change: { before: unknown; after: unknown }): Promise<void> {
    await new AuditStore(tx).append({ ...act, ...change, at: this.clock.now() });
  }

  /** The same, as a hook an owning capability calls inside its transaction with what it changed. */
  hook(act: AuditAction): ChangeHook {
    return (tx, change) => this.record(tx, act, change);
  }

  /** For changes that are not one transaction (a kick spans two capabilities): its own, after the change. */
  recordAlone(act: AuditAction, change: { before: unknown; after: unknown }): Promise<void> {
    return inTx(this.db, (tx) => this.record(tx, act, change));
  }

  /** Entries of `actions` on `targets`, newest first, with the acting admin's name. */
  latest(actions: readonly string[], targets: readonly string[]) {
    return new AuditStore(this.db).latest(actions, targets);
  }

  async page(filter: AuditFilter, page: number): Promise<AuditResponse> {
    const { total, rows } = await new AuditStore(this.db).page(filter, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
    return {
      total,
      page,
      pageSize: AUDIT_PAGE_SIZE,
      entries: rows.map((r) => ({
        id: r.id.toString(),
        at: r.at.toISOString(),
        admin: { uid: r.adminUid, username: r.adminName },
        action: r.action,
        target: r.target,
        before: r.before ?? null,
        after: r.after ?? null,
      })),
    };
  }
}
