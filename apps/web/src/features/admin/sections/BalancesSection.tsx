import { useState } from 'react';
import type { AdminBalancesResponse } from '@rush/protocol';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { CopyUid, SectionFrame } from '../parts.tsx';
import { useBalances } from '../queries.ts';
import { MoneyDialog, type MoneyOp } from './MoneyDialog.tsx';

type Row = AdminBalancesResponse['users'][number];

/** SPEC 2 Balances: users with USD and RC; manual deposit and withdraw for wallet users only. */
export function BalancesSection() {
  const query = useBalances();
  const [open, setOpen] = useState<{ op: MoneyOp; user: Row } | null>(null);
  const action = (op: MoneyOp, user: Row) => (
    <Button
      variant={op === 'deposit' ? 'primary' : 'secondary'}
      aria-haspopup="dialog"
      disabled={!user.hasWallet}
      aria-label={`${op === 'deposit' ? 'Deposit' : 'Withdraw'} ${user.username}`}
      onClick={() => setOpen({ op, user })}
    >
      {op === 'deposit' ? 'Deposit' : 'Withdraw'}
    </Button>
  );
  const columns: Column<Row>[] = [
    { key: 'username', header: 'Username', cell: (u) => u.username },
    { key: 'uid', header: 'Uid', cell: (u) => <CopyUid uid={u.uid} owner={u.username} /> },
    { key: 'usd', header: 'USD', cell: (u) => <Amount minor={u.balances.usd} currency="usd" /> },
    { key: 'wbx', header: 'RC', cell: (u) => <Amount minor={u.balances.wbx} currency="wbx" /> },
    // Issue 32: what a deposit returned by the user's bank left owing (blocks withdrawals and cash play).
    { key: 'owed', header: 'Owed', cell: (u) => (u.owed > 0 ? <Amount minor={u.owed} currency="usd" /> : '') },
    { key: 'wallet', header: 'Wallet', cell: (u) => (u.hasWallet ? 'yes' : 'no wallet') },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => (
        <span className="admin-actions">
          {action('deposit', u)}
          {action('withdraw', u)}
        </span>
      ),
    },
  ];
  return (
    <SectionFrame title="Balances">
      <QueryState query={query} loading="Loading balances…" subject="balances">
        {(data) => (
          <Table caption="Balances" columns={columns} rows={data.users} rowKey={(u) => u.uid} empty="No users." />
        )}
      </QueryState>
      {open ? <MoneyDialog op={open.op} user={open.user} onClose={() => setOpen(null)} /> : null}
    </SectionFrame>
  );
}
