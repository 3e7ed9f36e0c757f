import { and, asc, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Currency } from '@rush/domain';
import { rowsOf, type DbOrTx } from '../../platform/db/database.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';

/**
 * Movements that belong to another row of the list: a withdrawal's outcome shows as its status,
 * and so does the end of a Canadian deposit's funding window (the deposit turns completed) and a
 * deposit's reversal by the payer's bank (the deposit turns rejected, issue 32).
 */
export const HIDDEN_KINDS = ['withdraw_complete', 'withdraw_reject', 'deposit_funded', 'deposit_reverse'];

export interface MovementDetail {
  id: bigint;
  kind: string;
  currency: Currency;
  ref: string | null;
  meta: Record<string, unknown>;
  createdAt: Date;
  transfers: { from: string; to: string; amount: bigint }[];
}

/** The ledger read as a transaction history (SPEC 3 Transaction), newest first. */
export class HistoryStore {
  constructor(private readonly db: DbOrTx) {}

  /** One page of the movements touching any of `accountIds` (a user's accounts), and their count. */
  async pageForAccounts(
    accountIds: string[],
    limit: number,
    offset: number,
  ): Promise<{ ids: bigint[]; total: number }> {
    const touching = and(
      or(
        inArray(
          ledgerMovements.id,
          this.db
            .select({ id: ledgerTransfers.movementId })
            .from(ledgerTransfers)
            .where(inArray(ledgerTransfers.fromAccount, accountIds)),
        ),
        inArray(
          ledgerMovements.id,
          this.db
            .select({ id: ledgerTransfers.movementId })
            .from(ledgerTransfers)
            .where(inArray(ledgerTransfers.toAccount, accountIds)),
        ),
      ),
      notInArray(ledgerMovements.kind, HIDDEN_KINDS),
    );
    const [counted] = await this.db.select({ n: count() }).from(ledgerMovements).where(touching);
    const page = await this.db
      .select({ id: ledgerMovements.id })
      .from(ledgerMovements)
      .where(touching)
      .orderBy(desc(ledgerMovements.id))
      .limit(limit)
      .offset(offset);
    return { ids: page.map((r) => r.id), total: counted?.n ?? 0 };
  }

  /**
   * One page over every (movement, user) pair of the ledger, for the admin list, optionally only
   * one user's pairs, movements of some kinds, or of one currency.
   */
  async pageAll(
    limit: number,
    offset: number,
    filter: { uid?: string | undefined; kinds?: readonly string[] | undefined; currency?: string | undefined } = {},
  ): Promise<{ pairs: { movementId: bigint; uid: string }[]; total: number }> {
    const list = (values: readonly string[]) =>
      sql.join(
        values.map((k) => sql`${k}`),
        sql`, `,
      );
    const conditions = [sql`m.kind not in (${list(HIDDEN_KINDS)})`];
    if (filter.kinds) conditions.push(filter.kinds.length > 0 ? sql`m.kind in (${list(filter.kinds)})` : sql`false`);
    if (filter.currency) conditions.push(sql`m.currency = ${filter.currency}`);
    if (filter.uid) conditions.push(sql`p.owner_id = ${filter.uid}`);
    const pairs = sql`
      with pairs as (
        select t.movement_id, a.owner_id from ledger_transfers t
          join ledger_accounts a on a.id = t.from_account and a.kind in ('user', 'withdrawal', 'funding')
        union
        select t.movement_id, a.owner_id from ledger_transfers t
          join ledger_accounts a on a.id = t.to_account and a.kind in ('user', 'withdrawal', 'funding')
      )
      select p.movement_id, p.owner_id from pairs p join ledger_movements m on m.id = p.movement_id
      where ${sql.join(conditions, sql` and `)}`;
    const [counted] = rowsOf<{ n: string }>(
      await this.db.execute(sql`select count(*)::text as n from (${pairs}) all_pairs`),
    );
    const page = rowsOf<{ mid: string; owner_id: string }>(
      await this.db.execute(
        // Ordered by the bigint itself: the text form would sort "99" after "100".
        sql`select all_pairs.movement_id::text as mid, all_pairs.owner_id from (${pairs}) all_pairs
            order by all_pairs.movement_id desc, all_pairs.owner_id limit ${limit} offset ${offset}`,
      ),
    );
    return {
      pairs: page.map((r) => ({ movementId: BigInt(r.mid), uid: r.owner_id })),
      total: Number(counted?.n ?? 0),
    };
  }

  async details(ids: readonly bigint[]): Promise<Map<bigint, MovementDetail>> {
    if (ids.length === 0) return new Map();
    const movements = await this.db
      .select()
      .from(ledgerMovements)
      .where(inArray(ledgerMovements.id, [...ids]));
    const transfers = await this.db
      .select({
        movementId: ledgerTransfers.movementId,
        from: ledgerTransfers.fromAccount,
        to: ledgerTransfers.toAccount,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.movementId, [...ids]))
      .orderBy(asc(ledgerTransfers.id));
    const out = new Map<bigint, MovementDetail>();
    for (const m of movements) {
      out.set(m.id, {
        id: m.id,
        kind: m.kind,
        currency: m.currency,
        ref: m.ref,
        meta: m.meta,
        createdAt: m.createdAt,
        transfers: [],
      });
    }
    for (const t of transfers) out.get(t.movementId)?.transfers.push({ from: t.from, to: t.to, amount: t.amount });
    return out;
  }

  /** Winners of the settled escrows among `refs`, keyed `{ref}:{currency}` (for win/lose on stakes). */
  async winnersOf(refs: readonly string[]): Promise<Map<string, string[]>> {
    if (refs.length === 0) return new Map();
    const rows = await this.db
      .select({ ref: ledgerMovements.ref, currency: ledgerMovements.currency, meta: ledgerMovements.meta })
      .from(ledgerMovements)
      .where(and(eq(ledgerMovements.kind, 'settle'), inArray(ledgerMovements.ref, [...new Set(refs)])));
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const winners = Array.isArray(r.meta.winners)
        ? r.meta.winners.filter((w): w is string => typeof w === 'string')
        : [];
      out.set(`${r.ref}:${r.currency}`, winners);
    }
    return out;
  }
}
