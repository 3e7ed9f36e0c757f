import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';

/** The escrow account ids of bot games: `escrow:bot:{id}:wbx` (bots' `bot:` refs). */
const BOT_ESCROWS = 'escrow:bot:%';

export interface HouseExposure {
  /**
   * The house's net result of the bot games closed among those whose house stake left at or
   * after `since` (what it staked minus what came back; negative when it won), minor units.
   */
  lost: bigint;
  /** House stakes in live bot games' escrows, however old (they may yet be lost). */
  atRisk: bigint;
  /** `lost` + `atRisk` over the games of one player (when asked), from their holds' `meta.uid`. */
  player: bigint;
}

/**
 * The house's exposure to bot games, read from the ledger alone (issue 33): the bankroll rule
 * (domain bankrollDecision) inside a bot hold, where the house account is locked so concurrent
 * starts read each other's holds, and the admin dashboard. Each bot escrow's house flows are
 * its transfers from and to the house account (the hold's stake; the close's return).
 */
export async function houseExposure(db: DbOrTx, since: Date, uid: string | null = null): Promise<HouseExposure> {
  const house = accountOf.house().id;
  const result = await db.execute(sql`
    with touched as (
      select t.to_account as escrow from ledger_transfers t
        where t.from_account = ${house} and t.to_account like ${BOT_ESCROWS}
          and t.created_at >= ${since.toISOString()}::timestamptz
      union
      select a.id from ledger_accounts a
        where a.kind = 'escrow' and a.balance > 0 and a.id like ${BOT_ESCROWS}
    ), flows as (
      select e.escrow,
        (select coalesce(sum(t.amount), 0) from ledger_transfers t
          where t.from_account = ${house} and t.to_account = e.escrow) as out_amt,
        (select coalesce(sum(t.amount), 0) from ledger_transfers t
          where t.from_account = e.escrow and t.to_account = ${house}) as back_amt,
        (select a.balance > 0 from ledger_accounts a where a.id = e.escrow) as open,
        (select m.meta->>'uid' from ledger_movements m
          where m.ref = substring(e.escrow from 8 for length(e.escrow) - 11) and m.kind = 'stake' limit 1) as uid
      from touched e
    )
    select
      coalesce(sum(out_amt - back_amt) filter (where not open), 0)::text as lost,
      coalesce(sum(out_amt) filter (where open), 0)::text as at_risk,
      coalesce(sum(case when open then out_amt else out_amt - back_amt end) filter (where uid = ${uid}), 0)::text as player
    from flows`);
  const [row] = rowsOf<{ lost: string; at_risk: string; player: string }>(result);
  return { lost: BigInt(row?.lost ?? 0), atRisk: BigInt(row?.at_risk ?? 0), player: BigInt(row?.player ?? 0) };
}
