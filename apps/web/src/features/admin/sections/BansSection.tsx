import { useState, type FormEvent } from 'react';
import { BAN_REASON_MAX, decideBan } from '@rush/domain';
import { setBanned } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import type { Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame, TableSection } from '../parts.tsx';
import { useAdminMutation, useBanned } from '../queries.ts';
import { useFlash } from '../useFlash.ts';

export const BAN_FAILURE_MS = 5000;

type BanVars = { uid: string; banned: boolean; reason: string };
const ban = ({ uid, banned, reason }: BanVars) => setBanned(uid, banned, reason);

/** SPEC 2 ban/unban by uid; SPEC 8: on failure the message shows 5 s and the uid field is cleared. */
function BanForm() {
  const [uid, setUid] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, showFailure] = useFlash(BAN_FAILURE_MS);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useAdminMutation(['bans', 'users'], ban);
  const run = (banned: boolean) => {
    const target = uid.trim();
    if (!target) return;
    // The server's rule, run here first so the admin sees it before anything is sent.
    const decision = decideBan({ banned, reason });
    if (!decision.ok) {
      setReasonError(decision.message);
      return;
    }
    setReasonError(null);
    setDone(null);
    mutation.mutate(
      { uid: target, banned, reason: reason.trim() },
      {
        onSuccess: (user) => {
          setDone(`${user.username} is ${banned ? 'banned' : 'unbanned'}.`);
          setUid('');
          setReason('');
        },
        onError: (error) => {
          showFailure(errorText(error));
          setUid('');
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(true);
  };
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Ban or unban">
      <TextField label="User uid" value={uid} onValueChange={setUid} autoComplete="off" />
      <TextField
        label="Reason"
        value={reason}
        onValueChange={setReason}
        error={reasonError}
        maxLength={BAN_REASON_MAX}
      />
      <div className="admin-actions">
        <Button type="submit" variant="danger" disabled={!uid.trim() || mutation.isPending}>
          Ban
        </Button>
        <Button variant="secondary" disabled={!uid.trim() || mutation.isPending} onClick={() => run(false)}>
          Unban
        </Button>
      </div>
      <FormMessage text={failure} />
      <FormMessage text={done} tone="success" />
    </form>
  );
}

interface BannedRow {
  uid: string;
  username: string;
  reason: string;
  time: string;
}

function BannedList() {
  const query = useBanned();
  const unban = useAdminMutation(['bans', 'users'], ban);
  const columns: Column<BannedRow>[] = [
    { key: 'username', header: 'Username', cell: (r) => r.username },
    { key: 'reason', header: 'Reason', cell: (r) => r.reason || '-' },
    { key: 'time', header: 'Time', cell: (r) => formatTime(r.time) },
    {
      key: 'action',
      header: 'Action',
      cell: (r) => (
        <Button
          variant="secondary"
          busy={unban.isPending && unban.variables?.uid === r.uid}
          aria-label={`Unban ${r.username}`}
          onClick={() => unban.mutate({ uid: r.uid, banned: false, reason: '' })}
        >
          Unban
        </Button>
      ),
    },
  ];
  return (
    <TableSection
      title="Banned players"
      query={query}
      columns={columns}
      rows={(data) => data.users}
      rowKey={(r) => r.uid}
      empty="No banned players."
    >
      <FormMessage text={unban.isError ? errorText(unban.error) : null} />
    </TableSection>
  );
}

export function BansSection() {
  return (
    <SectionFrame title="Ban and unban">
      <BanForm />
      <BannedList />
    </SectionFrame>
  );
}
