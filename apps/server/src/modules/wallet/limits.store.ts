import { and, desc, eq } from 'drizzle-orm';
import type { SelfLimit } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { walletLimits } from './schema.ts';

export type LimitKind = 'bet' | 'deposit';

export interface LimitRecord extends SelfLimit {
  kind: LimitKind;
  setBy: 'user' | 'admin';
  createdAt: Date;
}

/** Self-limits with their history: rows are only added; the newest of a kind is the limit. */
export class LimitStore {
  constructor(private readonly db: DbOrTx) {}

  async latest(uid: string, kind: LimitKind): Promise<LimitRecord | null> {
    const rows = await this.db
      .select({
        kind: walletLimits.kind,
        max: walletLimits.max,
        until: walletLimits.until,
        setBy: walletLimits.setBy,
        createdAt: walletLimits.createdAt,
      })
      .from(walletLimits)
      .where(and(eq(walletLimits.uid, uid), eq(walletLimits.kind, kind)))
      .orderBy(desc(walletLimits.id))
      .limit(1);
    return rows[0] ?? null;
  }

  async add(uid: string, limit: LimitRecord): Promise<void> {
    await this.db.insert(walletLimits).values({ uid, ...limit });
  }

  async history(uid: string): Promise<LimitRecord[]> {
    return this.db
      .select({
        kind: walletLimits.kind,
        max: walletLimits.max,
        until: walletLimits.until,
        setBy: walletLimits.setBy,
        createdAt: walletLimits.createdAt,
      })
      .from(walletLimits)
      .where(eq(walletLimits.uid, uid))
      .orderBy(desc(walletLimits.id));
  }
}
