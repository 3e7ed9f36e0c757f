import { useId, useState, type FormEvent } from 'react';
import { CURRENCIES, currencyName, type Currency } from '@rush/domain';
import { TRANSACTION_TYPES, type AdminTransaction } from '@rush/protocol';
import type { TransactionFilters, TransactionType } from '../api.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { pageCountOf, Pagination } from '../../../ui/Pagination.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { useAdminTransactions } from '../queries.ts';

const columns: Column<AdminTransaction>[] = [
  { key: 'date', header: 'Date', cell: (t) => formatTime(t.date) },
  { key: 'user', header: 'User', cell: (t) => t.username ?? t.uid },
  { key: 'type', header: 'Type', cell: (t) => t.type },
  { key: 'amount', header: 'Amount', cell: (t) => <Amount minor={t.amount} currency={t.currency} /> },
  { key: 'status', header: 'Status', cell: (t) => t.status },
  { key: 'result', header: 'Result', cell: (t) => t.notes.result ?? '-' },
  { key: 'from', header: 'Source', cell: (t) => t.source ?? '-' },
  { key: 'to', header: 'Destination', cell: (t) => t.destination ?? '-' },
];

function Filters({ fixedUid, onApply }: { fixedUid: boolean; onApply: (f: TransactionFilters) => void }) {
  const id = useId();
  const [uid, setUid] = useState('');
  const [type, setType] = useState<TransactionType | ''>('');
  const [currency, setCurrency] = useState<Currency | ''>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...(fixedUid ? {} : { uid: uid.trim() }), type, currency });
  };
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Transaction filters">
      {fixedUid ? null : <TextField label="User uid" value={uid} onValueChange={setUid} autoComplete="off" />}
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as TransactionType | '')}>
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value as Currency | '')}>
          <option value="">All currencies</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {currencyName(c)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </form>
  );
}

/** SPEC 2 Transactions: every movement, 20 a page, filtered by user, type and currency; `uid` fixes the user. */
export function TransactionsSection({ uid, username }: { uid?: string; username?: string } = {}) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<TransactionFilters>({});
  const effective = uid ? { ...filters, uid } : filters;
  const query = useAdminTransactions(page, effective);
  const title = username ? `Transactions of ${username}` : 'Transactions';
  return (
    <SectionFrame title={title} level={uid ? 3 : 2}>
      <Filters
        fixedUid={uid !== undefined}
        onApply={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      <QueryState query={query} loading="Loading transactions…" subject="transactions">
        {(data) => (
          <>
            <Table
              caption={title}
              columns={columns}
              rows={data.transactions}
              rowKey={(t) => t.id}
              busy={query.isPlaceholderData}
              empty="There is no transactions."
            />
            <Pagination
              label={`Pages of ${title.toLowerCase()}`}
              page={page}
              pageCount={pageCountOf(data.total, data.pageSize)}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </SectionFrame>
  );
}
