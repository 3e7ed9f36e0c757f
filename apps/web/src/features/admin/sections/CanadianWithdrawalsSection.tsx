import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@rush/domain';
import type { AdminCanadianWithdrawal } from '@rush/protocol';
import { completeCanadianWithdrawal, fetchCanadianWithdrawals, rejectCanadianWithdrawal } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { sectionKey, useAdminMutation } from '../queries.ts';

/**
 * SPEC 9 "Canadian withdrawals fee US$2.00, by email request" (issue 16): each request reaches
 * support by e-mail with its amount held from the player's balance; here an admin marks it
 * completed once support has paid it out, or rejects it (the held amount returns). The server
 * decides each request once: an admin who comes second is told what the first did, and the list
 * is read again either way (other consoles hear `admin.changed {section: 'withdrawals'}`).
 */
export const CANADIAN_WITHDRAWALS_TEXTS = {
  empty: 'No Canadian withdrawal requests are waiting.',
  completed: (username: string, payout: string) => `Completed: ${payout} paid out to ${username}.`,
  rejected: (username: string) => `Rejected: the held amount is back in ${username}'s balance.`,
} as const; // ours

const STATUS = { pending: 'Pending', completed: 'Completed', rejected: 'Rejected' } as const;

function Decide({
  w,
  onDone,
}: {
  w: AdminCanadianWithdrawal;
  onDone: (text: string | null, error: string | null) => void;
}) {
  // Every decision reads the list again, also a refused one (another admin was first).
  const sections = ['withdrawals', 'balances', 'transactions', 'audit'] as const;
  const complete = useAdminMutation(sections, completeCanadianWithdrawal);
  const reject = useAdminMutation(sections, rejectCanadianWithdrawal);
  const busy = complete.isPending || reject.isPending;
  const payout = formatAmount(BigInt(w.payout), 'usd');
  const settle = (error: unknown) => onDone(null, errorText(error));
  return (
    <span className="admin-actions">
      <Button
        busy={complete.isPending}
        disabled={busy}
        aria-label={`Complete the withdrawal of ${w.username}`}
        onClick={() =>
          complete.mutate(w.id, {
            onSuccess: () => onDone(CANADIAN_WITHDRAWALS_TEXTS.completed(w.username, payout), null),
            onError: settle,
          })
        }
      >
        Complete
      </Button>
      <Button
        variant="danger"
        busy={reject.isPending}
        disabled={busy}
        aria-label={`Reject the withdrawal of ${w.username}`}
        onClick={() =>
          reject.mutate(w.id, {
            onSuccess: () => onDone(CANADIAN_WITHDRAWALS_TEXTS.rejected(w.username), null),
            onError: settle,
          })
        }
      >
        Reject
      </Button>
    </span>
  );
}

/** The console's Canadian withdrawals: open requests oldest first, then the latest decided. */
export function CanadianWithdrawalsSection() {
  const query = useQuery({ queryKey: sectionKey('withdrawals'), queryFn: fetchCanadianWithdrawals });
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const onDone = (text: string | null, error: string | null) => {
    setDone(text);
    setFailed(error);
    if (error) void query.refetch();
  };
  const columns: Column<AdminCanadianWithdrawal>[] = [
    { key: 'user', header: 'Player', cell: (w) => `${w.username} (${w.email})` },
    { key: 'amount', header: 'Held', cell: (w) => <Amount minor={w.amount} currency="usd" /> },
    { key: 'payout', header: 'To pay out', cell: (w) => <Amount minor={w.payout} currency="usd" /> },
    { key: 'requested', header: 'Requested', cell: (w) => formatTime(w.requestedAt) },
    { key: 'status', header: 'Status', cell: (w) => STATUS[w.status] },
    {
      key: 'action',
      header: 'Action',
      cell: (w) =>
        w.status === 'pending' ? <Decide w={w} onDone={onDone} /> : `${STATUS[w.status]} ${formatTime(w.resolvedAt)}`,
    },
  ];
  return (
    <SectionFrame title="Canadian withdrawals">
      <p className="admin-muted">
        Requests by e-mail (SPEC 9): complete one once support has paid it out; reject it to return the held amount.
      </p>
      <FormMessage text={done} tone="success" />
      <FormMessage text={failed} />
      <QueryState query={query} loading="Loading Canadian withdrawals…" subject="Canadian withdrawals">
        {(data) => (
          <Table
            caption="Canadian withdrawal requests"
            columns={columns}
            rows={data.withdrawals}
            rowKey={(w) => w.id}
            empty={CANADIAN_WITHDRAWALS_TEXTS.empty}
          />
        )}
      </QueryState>
    </SectionFrame>
  );
}
