import { useId } from 'react';
import type { DepositOutcomeView } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { formatDateTime } from './format.ts';

/** What each deposit outcome is called in the wallet (issue 32); ours, beside SPEC 2's completed and rejected. */
export const DEPOSIT_OUTCOME_LABELS: Record<DepositOutcomeView['status'], string> = {
  pending: 'Pending',
  failed: 'Failed',
  expired: 'Expired',
  reversed: 'Returned by your bank',
};

/**
 * The deposits of the last 30 days that did not simply complete: still waiting for the payment
 * provider, failed, expired unpaid, or returned by the bank after they were credited. Completed
 * deposits are in the transactions table; this list is absent when there is nothing to say.
 */
export function DepositOutcomes({ deposits, debt }: { deposits: readonly DepositOutcomeView[]; debt: number }) {
  const headingId = useId();
  if (deposits.length === 0 && debt === 0) return null;
  return (
    <section className="wallet-deposit-outcomes" aria-labelledby={headingId}>
      <h2 id={headingId}>Deposits</h2>
      {debt > 0 ? (
        <p className="wallet-debt">
          Owed: <Amount minor={debt} currency="usd" />
        </p>
      ) : null}
      <ul>
        {deposits.map((d) => (
          <li key={d.id}>
            <Amount minor={d.amount} currency="usd" />{' '}
            <span className={`tx-status deposit-${d.status}`}>{DEPOSIT_OUTCOME_LABELS[d.status]}</span>{' '}
            <time dateTime={d.date}>{formatDateTime(d.date)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
