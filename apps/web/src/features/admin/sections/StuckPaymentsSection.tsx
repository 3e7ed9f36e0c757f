import { useQuery } from '@tanstack/react-query';
import type { StuckPaymentsResponse } from '@rush/protocol';
import { fetchStuckPayments } from '../api.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';

type Deposit = StuckPaymentsResponse['deposits'][number];
type Withdrawal = StuckPaymentsResponse['withdrawals'][number];

const DEPOSITS: Column<Deposit>[] = [
  { key: 'username', header: 'Username', cell: (d) => d.username ?? d.uid },
  { key: 'amount', header: 'Amount', cell: (d) => <Amount minor={d.amount} currency="usd" /> },
  { key: 'since', header: 'Started', cell: (d) => formatTime(d.createdAt) },
  { key: 'ours', header: 'Ours', cell: (d) => d.ours },
  { key: 'provider', header: 'Provider', cell: (d) => d.provider },
];
const WITHDRAWALS: Column<Withdrawal>[] = [
  { key: 'username', header: 'Username', cell: (w) => w.username ?? w.uid },
  { key: 'amount', header: 'Amount', cell: (w) => <Amount minor={w.amount} currency="usd" /> },
  { key: 'since', header: 'Requested', cell: (w) => formatTime(w.requestedAt) },
  { key: 'ours', header: 'Ours', cell: (w) => (w.providerRef ? 'held, sent' : 'held, not acknowledged') },
  { key: 'provider', header: 'Provider', cell: (w) => w.provider },
];

/** The platform's balance at the provider against the ledger, as the server just compared them. */
function FloatLine({ check }: { check: StuckPaymentsResponse['float'] }) {
  if (!check || check.provider === null) return <p>The provider's balance could not be read.</p>;
  return (
    <p className={check.ok ? undefined : 'form-message-error'}>
      Balance at the provider <Amount minor={check.provider} currency="usd" />; the ledger expects{' '}
      <Amount minor={check.ledger} currency="usd" /> (payouts in flight <Amount minor={check.inFlight} currency="usd" />
      ).{' '}
      {check.ok ? (
        'They match.'
      ) : (
        <>
          They differ by <Amount minor={check.difference ?? 0} currency="usd" />.
        </>
      )}
    </p>
  );
}

/**
 * Issue 32: money between the ledger and the payment provider for longer than the threshold: the
 * deposit checkouts still open and the withdrawals still held, each beside what the provider's
 * records say now. Nothing here moves money; the read-back paths apply what is final.
 */
export function StuckPaymentsSection() {
  const query = useQuery({ queryKey: ['admin', 'stuck-payments'], queryFn: fetchStuckPayments });
  return (
    <SectionFrame title="Stuck payments">
      <QueryState query={query} loading="Loading stuck payments…" subject="stuck payments">
        {(data) => (
          <>
            <FloatLine check={data.float} />
            <p>Pending at the provider for more than {data.olderThanMinutes} minutes.</p>
            <Table
              caption="Stuck deposits"
              columns={DEPOSITS}
              rows={data.deposits}
              rowKey={(d) => d.id}
              empty="No deposit is stuck."
            />
            <Table
              caption="Stuck withdrawals"
              columns={WITHDRAWALS}
              rows={data.withdrawals}
              rowKey={(w) => w.id}
              empty="No withdrawal is stuck."
            />
          </>
        )}
      </QueryState>
    </SectionFrame>
  );
}
