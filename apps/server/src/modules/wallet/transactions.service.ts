import {
  TRANSACTIONS_PAGE_SIZE,
  type AdminTransaction,
  type AdminTransactionsQuery,
  type AdminTransactionsResponse,
  type TransactionsResponse,
} from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { accountOf } from './account-ids.ts';
import { DepositStore } from './deposits.store.ts';
import { HistoryStore, type MovementDetail } from './history.store.ts';
import { KINDS_OF_TYPE, metaString, transactionView, type ViewContext } from './transaction-view.ts';
import { WalletUserStore } from './users.store.ts';
import { WithdrawalStore } from './withdrawals.store.ts';

/** SPEC 7 getTransactionHistory: pages of 20, newest first, with the total. */
export class TransactionsService {
  constructor(private readonly db: Db) {}

  async forUser(uid: string, page: number): Promise<TransactionsResponse> {
    const history = new HistoryStore(this.db);
    const accounts = [
      accountOf.user(uid, 'usd').id,
      accountOf.user(uid, 'wbx').id,
      accountOf.withdrawal(uid).id,
      accountOf.funding(uid).id,
    ];
    const { ids, total } = await history.pageForAccounts(
      accounts,
      TRANSACTIONS_PAGE_SIZE,
      (page - 1) * TRANSACTIONS_PAGE_SIZE,
    );
    const details = await history.details(ids);
    const movements = ids.map((id) => details.get(id)).filter((m): m is MovementDetail => m !== undefined);
    const ctx = await this.context(movements, [uid]);
    return {
      total,
      page,
      pageSize: TRANSACTIONS_PAGE_SIZE,
      transactions: movements.map((m) => transactionView(uid, m, ctx)),
    };
  }

  /** Every user's rows, for the admin (one row per movement and user it touched), filtered by user, type and currency. */
  async all(page: number, filter: Omit<AdminTransactionsQuery, 'page'> = {}): Promise<AdminTransactionsResponse> {
    const history = new HistoryStore(this.db);
    const { pairs, total } = await history.pageAll(TRANSACTIONS_PAGE_SIZE, (page - 1) * TRANSACTIONS_PAGE_SIZE, {
      uid: filter.uid,
      kinds: filter.type ? KINDS_OF_TYPE[filter.type] : undefined,
      currency: filter.currency,
    });
    const details = await history.details(pairs.map((p) => p.movementId));
    const ctx = await this.context(
      [...details.values()],
      pairs.map((p) => p.uid),
    );
    const transactions: AdminTransaction[] = [];
    for (const p of pairs) {
      const m = details.get(p.movementId);
      if (!m) continue;
      const view = transactionView(p.uid, m, ctx);
      transactions.push({ ...view, id: `${view.id}:${p.uid}`, uid: p.uid, username: ctx.usernames.get(p.uid) ?? null });
    }
    return { total, page, pageSize: TRANSACTIONS_PAGE_SIZE, transactions };
  }

  private async context(movements: MovementDetail[], uids: string[]): Promise<ViewContext> {
    const refs = movements.filter((m) => m.kind === 'stake' && m.ref).map((m) => m.ref!);
    const withdrawalIds = movements
      .filter((m) => m.kind === 'withdraw')
      .map((m) => metaString(m.meta.withdrawalId))
      .filter((id): id is string => id !== null);
    const sessionIds = movements
      .filter((m) => m.kind === 'deposit')
      .map((m) => metaString(m.meta.sessionId))
      .filter((id): id is string => id !== null);
    const [usernames, winners, withdrawals, deposits] = await Promise.all([
      new WalletUserStore(this.db).usernames(uids),
      new HistoryStore(this.db).winnersOf(refs),
      new WithdrawalStore(this.db).statuses(withdrawalIds),
      new DepositStore(this.db).statuses(sessionIds),
    ]);
    return { usernames, winners, withdrawals, deposits };
  }
}
