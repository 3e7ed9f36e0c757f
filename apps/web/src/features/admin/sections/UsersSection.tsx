import { useState, type FormEvent } from 'react';
import type { AdminUserRow } from '@rush/protocol';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { CopyUid, SectionFrame } from '../parts.tsx';
import { useUserSearch } from '../queries.ts';
import { UserDetail } from './UserDetail.tsx';
import { ADMIN_LIMITS } from '../limits.ts';

function status(u: AdminUserRow): string {
  const parts = [u.closed ? 'closed' : null, u.banned ? 'banned' : null, u.emailVerified ? null : 'e-mail unverified'];
  return parts.filter(Boolean).join(', ') || 'active';
}

/** SPEC 2 Users: search by username, e-mail or uid; one user's detail below. */
export function UsersSection() {
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const query = useUserSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  const columns: Column<AdminUserRow>[] = [
    { key: 'username', header: 'Username', cell: (u) => u.username },
    { key: 'email', header: 'E-mail', cell: (u) => u.email },
    { key: 'uid', header: 'Uid', cell: (u) => <CopyUid uid={u.uid} owner={u.username} /> },
    { key: 'level', header: 'Verified level', cell: (u) => u.verifiedLevel },
    { key: 'status', header: 'Status', cell: status },
    {
      key: 'open',
      header: 'Detail',
      cell: (u) => (
        <Button
          variant="secondary"
          aria-expanded={open === u.uid}
          aria-label={`${open === u.uid ? 'Hide' : 'Open'} ${u.username}`}
          onClick={() => setOpen(open === u.uid ? null : u.uid)}
        >
          {open === u.uid ? 'Hide' : 'Open'}
        </Button>
      ),
    },
  ];
  return (
    <SectionFrame title="Users">
      <form className="admin-card admin-form" role="search" aria-label="Users" onSubmit={submit}>
        <TextField
          label="Username, e-mail or uid"
          type="search"
          value={text}
          onValueChange={setText}
          maxLength={ADMIN_LIMITS.userSearch}
        />
        <Button type="submit">Search</Button>
      </form>
      {q !== null ? (
        <QueryState query={query} loading="Searching users…" subject="users">
          {(data) => (
            <Table
              caption="Users found"
              columns={columns}
              rows={data.users}
              rowKey={(u) => u.uid}
              empty="No user matches."
            />
          )}
        </QueryState>
      ) : null}
      {open ? <UserDetail key={open} uid={open} /> : null}
    </SectionFrame>
  );
}
