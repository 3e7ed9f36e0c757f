import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import {
  CURRENCIES,
  monthBounds,
  statementFigures,
  timePlayed,
  type Currency,
  type GameMoneyFlow,
  type StatementFigures,
  type StatementFlow,
  type StatementMonth,
} from '@rush/domain';
import { rowsOf, type DbOrTx } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { gameMoneyFlows } from './game-money.store.ts';
import type { GameActivity } from './ports.ts';
import { users } from '../accounts/index.ts';
import { ledgerMovements, ledgerTransfers } from './schema.ts';
import { statementMails } from './responsible-gaming.schema.ts';
import { metaAmount } from './transaction-view.ts';

/**
 * The movements besides games a statement counts (domain statements.ts StatementFlowKind). Not
 * counted: a deposit's reversal by the payer's bank and the console's manual deposits and
 * withdrawals, which are corrections rather than the player's own money moves.
 */
const KINDS = ['deposit', 'withdraw', 'withdraw_complete', 'withdraw_reject', 'reward', 'topup'];

/** A user's month from the ledger (and play's games through the port): the one read of a statement's figures. */
export class StatementStore {
  constructor(
    private readonly db: DbOrTx,
    private readonly games: Pick<GameActivity, 'playedIn'>,
  ) {}

  async figures(uid: string, month: StatementMonth, now: Date): Promise<StatementFigures> {
    const { from, to } = monthBounds(month);
    const game = {} as Record<Currency, GameMoneyFlow[]>;
    for (const c of CURRENCIES) game[c] = await gameMoneyFlows(this.db, uid, c, from, to);
    const played = await this.games.playedIn(uid, from, to);
    return statementFigures({
      month,
      flows: await this.flows(uid, from, to),
      game,
      games: played.filter((g) => g.startedAt >= from).length,
      playedMs: timePlayed(played, from, to, now),
    });
  }

  /** Deposits, withdrawals, their fees and RushCoin rewards in [from, to), classified. */
  async flows(uid: string, from: Date, to: Date): Promise<StatementFlow[]> {
    const user = { usd: accountOf.user(uid, 'usd').id, wbx: accountOf.user(uid, 'wbx').id };
    const held = accountOf.withdrawal(uid).id;
    const own = [user.usd, user.wbx, held, accountOf.funding(uid).id];
    const rows = await this.db
      .select({
        movementId: ledgerMovements.id,
        kind: ledgerMovements.kind,
        meta: ledgerMovements.meta,
        from: ledgerTransfers.fromAccount,
        to: ledgerTransfers.toAccount,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
      .where(
        and(
          or(inArray(ledgerTransfers.fromAccount, own), inArray(ledgerTransfers.toAccount, own)),
          inArray(ledgerMovements.kind, KINDS),
          gte(ledgerMovements.createdAt, from),
          lt(ledgerMovements.createdAt, to),
        ),
      )
      .orderBy(ledgerTransfers.id);
    const fee = accountOf.fee('usd').id;
    const deposits = new Set<bigint>();
    const flows: StatementFlow[] = [];
    const usd = (kind: StatementFlow['kind'], amount: bigint) => {
      if (amount > 0n) flows.push({ kind, currency: 'usd', amount });
    };
    for (const r of rows) {
      if (r.kind === 'deposit') {
        // One deposit has several legs (the credit, a debt repaid, the fee): its amounts are its meta's.
        if (deposits.has(r.movementId)) continue;
        deposits.add(r.movementId);
        usd('deposit', metaAmount(r.meta.amount));
        usd('depositFee', metaAmount(r.meta.fee));
      } else if (r.kind === 'withdraw' && r.to === held) usd('withdrawal', r.amount);
      else if (r.kind === 'withdraw_complete' && r.from === held && r.to === fee) usd('withdrawalFee', r.amount);
      else if (r.kind === 'withdraw_reject' && r.to === user.usd) usd('withdrawalReturned', r.amount);
      else if ((r.kind === 'reward' || r.kind === 'topup') && r.to === user.wbx && r.amount > 0n)
        flows.push({ kind: 'earned', currency: 'wbx', amount: r.amount });
    }
    return flows;
  }

  /** The users whose accounts moved money in [from, to) (the monthly mail's candidates, with play's). */
  async usersWithMovements(from: Date, to: Date): Promise<string[]> {
    const rows = rowsOf<{ owner_id: string }>(
      await this.db.execute(sql`
        select distinct a.owner_id from ledger_transfers t
          join ledger_movements m on m.id = t.movement_id
          join ledger_accounts a on a.id in (t.from_account, t.to_account)
            and a.kind in ('user', 'withdrawal', 'funding')
        where m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
        order by a.owner_id`),
    );
    return rows.map((r) => r.owner_id);
  }

  /** Who was already mailed the month's statement. */
  async mailedFor(month: StatementMonth): Promise<string[]> {
    const rows = await this.db
      .select({ uid: statementMails.uid })
      .from(statementMails)
      .where(eq(statementMails.month, month));
    return rows.map((r) => r.uid);
  }

  /** Claims the month's mail for the user: true once ever per user and month, whoever asks. */
  async claimMail(uid: string, month: StatementMonth, now: Date): Promise<boolean> {
    const claimed = await this.db
      .insert(statementMails)
      .values({ uid, month, sentAt: now })
      .onConflictDoNothing()
      .returning({ uid: statementMails.uid });
    return claimed.length > 0;
  }

  /** Where the mail goes, and whether that address was proven. */
  async mailee(uid: string): Promise<{ username: string; email: string; verified: boolean } | null> {
    const [row] = await this.db
      .select({ username: users.username, email: users.email, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, uid));
    return row ?? null;
  }
}
