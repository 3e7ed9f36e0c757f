import { useId, useState } from 'react';
import { TEXTS } from '@rush/domain';
import { TRANSACTIONS_PAGE_SIZE, type WalletTransaction } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { formatAmount, formatDateTime, transactionStatusLabel, transactionTypeLabel } from './format.ts';
import { useTransactions } from './queries.ts';

const COLUMNS: readonly Column<WalletTransaction>[] = [
  { key: 'type', header: 'Type', cell: (tx) => transactionTypeLabel(tx) },
  {
    key: 'amount',
    header: 'Amount',
    className: 'cell-amount',
    cell: (tx) => (
      <>
        <span className="money">{formatAmount(tx.amount, tx.currency)}</span>
        {tx.fee ? <span className="tx-fee"> (fee {formatAmount(tx.fee, tx.currency)})</span> : null}
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

  let body;
  if (query.isPending) {
    body = (
      <p className="wallet-loading" role="status">
        Loading transactions…
      </p>
    );
  } else if (query.isError) {
    body = (
      <div className="wallet-error" role="alert">
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { total, pageSize, transactions } = query.data;
    const pageCount = Math.max(1, Math.ceil(total / (pageSize || TRANSACTIONS_PAGE_SIZE)));
    body = (
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
        <Pagination label="Transactions pages" page={page} pageCount={pageCount} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="wallet-transactions" aria-labelledby={headingId}>
      <h2 id={headingId}>Transactions</h2>
      {body}
    </section>
  );
}
