import { useState, type FormEvent } from 'react';
import type { FlaggedUsersResponse } from '@rush/protocol';
import { deleteFlag, raiseFlag } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { CopyUid, formatTime, InputField, SectionFrame } from '../parts.tsx';
import { useAdminMutation, useFlags } from '../queries.ts';
import { HeldPayouts } from './HeldPayouts.tsx';
import { ADMIN_LIMITS, isValidFlag } from '../limits.ts';

type FlaggedUser = FlaggedUsersResponse['users'][number];
type Flag = FlaggedUser['flags'][number];
export const FLAG_FIELDS_TEXT = `Uid, kind (up to ${ADMIN_LIMITS.flagKind}) and evidence (up to ${ADMIN_LIMITS.flagEvidence}) are required.`; // ours

function RaiseFlagForm() {
  const [uid, setUid] = useState('');
  const [kind, setKind] = useState('');
  const [evidence, setEvidence] = useState('');
  const [invalid, setInvalid] = useState(false);
  const raise = useAdminMutation(['flags'], raiseFlag);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { uid: uid.trim(), kind: kind.trim(), evidence: evidence.trim() };
    const bad = !isValidFlag(body);
    setInvalid(bad);
    if (bad) return;
    raise.mutate(body, {
      onSuccess: () => {
        setUid('');
        setKind('');
        setEvidence('');
      },
    });
  };
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Raise a flag">
      <TextField label="User uid" value={uid} onValueChange={setUid} autoComplete="off" />
      <TextField label="Kind" value={kind} onValueChange={setKind} maxLength={ADMIN_LIMITS.flagKind} />
      <InputField
        label="Evidence"
        value={evidence}
        onValueChange={setEvidence}
        multiline
        maxLength={ADMIN_LIMITS.flagEvidence}
      />
      <Button type="submit" busy={raise.isPending}>
        Raise flag
      </Button>
      <FormMessage text={invalid ? FLAG_FIELDS_TEXT : raise.isError ? errorText(raise.error) : null} />
    </form>
  );
}

function FlagsOf({ user }: { user: FlaggedUser }) {
  const remove = useAdminMutation(['flags'], (id: string) => deleteFlag(id));
  const columns: Column<Flag>[] = [
    { key: 'kind', header: 'Kind', cell: (f) => f.kind },
    { key: 'source', header: 'Source', cell: (f) => f.source },
    { key: 'evidence', header: 'Evidence', cell: (f) => f.evidence },
    { key: 'time', header: 'Time', cell: (f) => formatTime(f.createdAt) },
    {
      key: 'delete',
      header: 'Action',
      cell: (f) => (
        <Button
          variant="danger"
          busy={remove.isPending && remove.variables === f.id}
          aria-label={`Delete flag ${f.kind} of ${user.username}`}
          onClick={() => remove.mutate(f.id)}
        >
          Delete flag
        </Button>
      ),
    },
  ];
  return (
    <li className="admin-card">
      <h3>{user.username}</h3>
      <CopyUid uid={user.uid} owner={user.username} />
      <Table
        caption={`Flags of ${user.username}`}
        columns={columns}
        rows={user.flags}
        rowKey={(f) => f.id}
        empty="No flags."
      />
      <FormMessage text={remove.isError ? errorText(remove.error) : null} />
    </li>
  );
}

/**
 * SPEC 2 / 3 System-flagged users: the payouts held for review (issue 14) first, then uid to
 * flags with evidence; delete a flag or raise one.
 */
export function FlagsSection() {
  const query = useFlags();
  return (
    <SectionFrame title="System-flagged users">
      <HeldPayouts />
      <QueryState query={query} loading="Loading flagged users…" subject="flagged users">
        {(data) =>
          data.users.length === 0 ? (
            <p className="table-empty">No flagged users.</p>
          ) : (
            <ul className="admin-list" aria-label="Flagged users">
              {data.users.map((u) => (
                <FlagsOf key={u.uid} user={u} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <RaiseFlagForm />
    </SectionFrame>
  );
}
