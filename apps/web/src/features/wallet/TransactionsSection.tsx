import { useId, useState } from 'react';
import { TEXTS } from '@rush/domain';
import { TRANSACTIONS_PAGE_SIZE, type WalletTransaction } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { pageCountOf, Pagination } from '../../ui/Pagination.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { formatDateTime, transactionStatusLabel, transactionTypeLabel } from './format.ts';
import { useTransactions } from './queries.ts';

const COLUMNS: readonly Column<WalletTransaction>[] = [
  { key: 'type', header: 'Type', cell: (tx) => transactionTypeLabel(tx) },
  {
    key: 'amount',
    header: 'Amount',
    className: 'cell-amount',
    cell: (tx) => (
      <>
        <Amount minor={tx.amount} currency={tx.currency} />
        {tx.fee ? (
          <span className="tx-fee">
            {' '}
            (fee <Amount minor={tx.fee} currency={tx.currency} />)
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => <span className={`tx-status tx-status-${tx.status}`}>{transactionStatusLabel(tx.status)}</span>,
  },
  { key: 'date', header: 'Date', cell: (tx) => <time dateTime={tx.date}>{formatDateTime(tx.date)}</time> },
];

/** SPEC 2 wallet: the paginated history (20 a page), "There is no transactions." when empty. */
export function TransactionsSection() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useTransactions(page);

  return (
    <section className="wallet-transactions" aria-labelledby={headingId}>
      <h2 id={headingId}>Transactions</h2>
      <QueryState query={query} loading="Loading transactions…" subject="transactions">
        {({ total, pageSize, transactions }) => (
          <>
            <Table
              caption="Transactions"
              columns={COLUMNS}
              rows={transactions}
              rowKey={(tx) => tx.id}
              empty={TEXTS.noTransactions}
              busy={query.isPlaceholderData}
              className="transactions-table"
            />
            <Pagination
              label="Transactions pages"
              page={page}
              pageCount={pageCountOf(total, pageSize, TRANSACTIONS_PAGE_SIZE)}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
