import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { Currency, LossLimitRow, LossPeriod } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { coolOffs, lossLimits } from './responsible-gaming.schema.ts';

/** A user's loss-limit rows by currency and period (issue 37; rows only added). */
export type LossLimitRows = Record<Currency, Record<LossPeriod, LossLimitRow[]>>;

const emptyRows = (): LossLimitRows => ({
  usd: { day: [], week: [], month: [] },
  wbx: { day: [], week: [], month: [] },
});

/** Issue 37: breaks (cool-offs) and loss limits, as their rows (the rules are the domain's). */
export class ResponsibleStore {
  constructor(private readonly db: DbOrTx) {}

  /** The end of the break running at `now`, the latest of them; null when none. */
  async coolOffUntil(uid: string, now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ until: max(coolOffs.until) })
      .from(coolOffs)
      .where(and(eq(coolOffs.uid, uid), gt(coolOffs.until, now)));
    return row?.until ?? null;
  }

  async addCoolOff(uid: string, startedAt: Date, until: Date): Promise<void> {
    await this.db.insert(coolOffs).values({ uid, startedAt, until, createdAt: startedAt });
  }

  /** Every loss-limit row of the user, oldest first, by currency and period. */
  async lossLimitRows(uid: string): Promise<LossLimitRows> {
    const rows = await this.db
      .select({
        id: lossLimits.id,
        currency: lossLimits.currency,
        period: lossLimits.period,
        max: lossLimits.max,
        effectiveAt: lossLimits.effectiveAt,
      })
      .from(lossLimits)
      .where(eq(lossLimits.uid, uid))
      .orderBy(asc(lossLimits.id));
    const out = emptyRows();
    for (const r of rows) out[r.currency][r.period].push({ seq: r.id, max: r.max, effectiveAt: r.effectiveAt });
    return out;
  }

  /** Everyone who ever set a loss limit (the review reads whose are in force). */
  async usersWithLossLimits(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ uid: lossLimits.uid }).from(lossLimits);
    return rows.map((r) => r.uid);
  }

  async addLossLimit(
    uid: string,
    row: {
      currency: Currency;
      period: LossPeriod;
      max: bigint | null;
      effectiveAt: Date;
      setBy: 'user' | 'admin';
      createdAt: Date;
    },
  ): Promise<void> {
    await this.db.insert(lossLimits).values({ uid, ...row });
  }
}

/** For `Me` (the header): the end of the break running at `now`, or null. */
export const readCoolOffUntil = (db: DbOrTx, uid: string, now: Date): Promise<Date | null> =>
  new ResponsibleStore(db).coolOffUntil(uid, now);
