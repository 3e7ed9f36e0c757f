import { and, asc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Currency, GameMoneyFlow } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';

/** The movements of games: a stake, its return (refund, void, a lobby release) and a payout. */
const GAME_KINDS = ['stake', 'refund', 'void', 'settle'];

/**
 * A user's game money in one currency (issue 37, domain `game-money.ts`), oldest first, read from
 * the ledger itself so a limit, a reality check and a statement can never disagree with the money.
 * `from` inclusive, `to` exclusive. Inside a transaction that holds the user's account lock this
 * is the figure a stake is judged on.
 */
export async function gameMoneyFlows(
  db: DbOrTx,
  uid: string,
  currency: Currency,
  from?: Date,
  to?: Date,
): Promise<GameMoneyFlow[]> {
  const account = accountOf.user(uid, currency).id;
  const where: SQL[] = [
    or(eq(ledgerTransfers.fromAccount, account), eq(ledgerTransfers.toAccount, account)) as SQL,
    inArray(ledgerMovements.kind, GAME_KINDS),
    eq(ledgerMovements.currency, currency),
  ];
  if (from) where.push(gte(ledgerMovements.createdAt, from));
  if (to) where.push(lt(ledgerMovements.createdAt, to));
  const rows = await db
    .select({
      kind: ledgerMovements.kind,
      at: ledgerMovements.createdAt,
      amount: ledgerTransfers.amount,
      to: ledgerTransfers.toAccount,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
    .where(and(...where))
    .orderBy(asc(ledgerTransfers.id));
  const flows: GameMoneyFlow[] = [];
  for (const r of rows) {
    const incoming = r.to === account;
    if (r.kind === 'stake' && !incoming) flows.push({ kind: 'staked', amount: r.amount, at: r.at });
    else if ((r.kind === 'refund' || r.kind === 'void') && incoming)
      flows.push({ kind: 'returned', amount: r.amount, at: r.at });
    else if (r.kind === 'settle' && incoming) flows.push({ kind: 'won', amount: r.amount, at: r.at });
  }
  return flows;
}
