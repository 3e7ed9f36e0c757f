import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { games } from '../play/index.ts';
import { accountOf, ledgerMovements, ledgerTransfers } from '../wallet/index.ts';
import { onlineSamples } from './schema.ts';
import type { DashboardSeries } from '@rush/protocol';

/** The dashboard's series (protocol DASHBOARD_SERIES), each one grouped query over an index on its time column. */
export { DASHBOARD_SERIES, type DashboardSeries } from '@rush/protocol';

/**
 * Which ledger movements are money entering and leaving the platform: a deposit the payment
 * provider confirmed (`deposit`, gross: what the user paid, the fee included), and a withdrawal
 * the provider paid out (`withdraw_complete`, gross: the amount requested, the fee included, on
 * the day it completed). A withdrawal request only holds the money (`withdraw`) and a rejected one
 * gives it back (`withdraw_reject`): neither is money out. Admin deposits and withdrawals are
 * corrections against the adjustment account, not payments; the audit log and the transactions
 * list show them.
 */
export const MONEY_IN_KIND = 'deposit';
export const MONEY_OUT_KIND = 'withdraw_complete';

export interface DayValue {
  day: string;
  value: number;
}

/** The UTC day of a timestamp column, `YYYY-MM-DD`. */
const utcDay = (col: PgColumn): SQL<string> =>
  sql<string>`to_char(date_trunc('day', ${col} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** [start, endExclusive) on the indexed column itself, so the index bounds the scan. */
const within = (col: PgColumn, start: Date, endExclusive: Date) => and(gte(col, start), lt(col, endExclusive));

/**
 * Reads for the admin dashboard (issue 12). Each series is one `GROUP BY day` with a range
 * predicate on an indexed timestamp: users_created_at_idx, games_created_at_idx,
 * ledger_movements_kind_created_idx (kind, created_at), ledger_transfers_to_created_idx
 * (to_account, created_at) and online_samples' primary key (at). Days without rows are
 * missing here; the caller fills them with zeros (fillSeries).
 */
export class DashboardStore {
  constructor(private readonly db: DbOrTx) {}

  /** The query of one series, unexecuted (the route runs it; a test EXPLAINs it). */
  query(series: DashboardSeries, start: Date, endExclusive: Date) {
    switch (series) {
      case 'games':
        return this.countPerDay(games.createdAt, start, endExclusive);
      case 'newUsers':
        return this.countPerDay(users.createdAt, start, endExclusive);
      case 'depositsUsd':
        return this.movedPerDay(MONEY_IN_KIND, start, endExclusive);
      case 'withdrawalsUsd':
        return this.movedPerDay(MONEY_OUT_KIND, start, endExclusive);
      case 'feesUsd':
        return this.creditedPerDay(accountOf.fee('usd').id, start, endExclusive);
      case 'feesWbx':
        return this.creditedPerDay(accountOf.fee('wbx').id, start, endExclusive);
      case 'onlinePeak': {
        const day = utcDay(onlineSamples.at);
        return this.db
          .select({ day, value: sql<string>`max(${onlineSamples.online})::text` })
          .from(onlineSamples)
          .where(within(onlineSamples.at, start, endExclusive))
          .groupBy(day);
      }
    }
  }

  /** One series' rows (days with data only), values as numbers (money in minor units). */
  async perDay(series: DashboardSeries, start: Date, endExclusive: Date): Promise<DayValue[]> {
    const rows = await this.query(series, start, endExclusive);
    return rows.map((r) => ({ day: r.day, value: Number(r.value) }));
  }

  /** One online sample per slot: the first instance to write a slot keeps it. */
  async recordOnline(at: Date, online: number): Promise<void> {
    await this.db.insert(onlineSamples).values({ at, online }).onConflictDoNothing({ target: onlineSamples.at });
  }

  private countPerDay(col: PgColumn, start: Date, endExclusive: Date) {
    const day = utcDay(col);
    return this.db
      .select({ day, value: sql<string>`count(*)::text` })
      .from(col.table)
      .where(within(col, start, endExclusive))
      .groupBy(day);
  }

  /** The gross amount of movements of one kind: every leg of the movement added up. */
  private movedPerDay(kind: string, start: Date, endExclusive: Date) {
    const day = utcDay(ledgerMovements.createdAt);
    return this.db
      .select({ day, value: sql<string>`sum(${ledgerTransfers.amount})::text` })
      .from(ledgerMovements)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.movementId, ledgerMovements.id))
      .where(
        and(
          eq(ledgerMovements.kind, kind),
          eq(ledgerMovements.currency, 'usd'),
          within(ledgerMovements.createdAt, start, endExclusive),
        ),
      )
      .groupBy(day);
  }

  /** Everything credited to one account (the fee accounts only ever receive). */
  private creditedPerDay(account: string, start: Date, endExclusive: Date) {
    const day = utcDay(ledgerTransfers.createdAt);
    return this.db
      .select({ day, value: sql<string>`sum(${ledgerTransfers.amount})::text` })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.toAccount, account), within(ledgerTransfers.createdAt, start, endExclusive)))
      .groupBy(day);
  }
}
