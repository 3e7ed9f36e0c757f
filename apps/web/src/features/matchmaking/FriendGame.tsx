import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GAME_MODES, type GameModeId } from '@rush/domain';
import type { InvitationView } from '@rush/protocol';
import { cancelInvitation, createInvitation, fetchInvitations } from './api.ts';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { modeName } from './modeName.ts';

export const INVITATIONS_KEY = ['play', 'invitations'] as const;

/** The modes two people can play each other in (SPEC 3; the bot modes are for the engine). */
export const FRIENDLY_MODES = Object.values(GAME_MODES)
  .filter((m) => !m.bot)
  .sort((a, b) => a.order - b.order);

export function useInvitations(enabled = true) {
  return useQuery({ queryKey: INVITATIONS_KEY, queryFn: fetchInvitations, enabled, staleTime: 0 });
}

function OutgoingInvitation({ invitation }: { invitation: InvitationView }) {
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelInvitation(invitation.id),
    onSettled: () => void client.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
  return (
    <li className="outgoing-invitation">
      <span role="status">
        Waiting for <strong>{invitation.to.username}</strong> to accept ({modeName(invitation.mode)}).
      </span>
      <Button variant="secondary" onClick={() => cancel.mutate()} busy={cancel.isPending}>
        Cancel invitation
      </Button>
      <FormMessage text={cancel.isError ? errorText(cancel.error) : null} />
    </li>
  );
}

/**
 * "Play a friend": invite somebody by username to a friendly (unstaked) game of a chosen type.
 * The invitee gets a card to accept or decline; once accepted both land on the game.
 */
export function FriendGameForm() {
  const id = useId();
  const client = useQueryClient();
  const [username, setUsername] = useState('');
  const [mode, setMode] = useState<GameModeId>(FRIENDLY_MODES[0]?.id ?? 'wmgt_000001');
  const invitations = useInvitations();
  const invite = useMutation({
    mutationFn: () => createInvitation({ username: username.trim(), mode }),
    onSuccess: () => {
      setUsername('');
      void client.invalidateQueries({ queryKey: INVITATIONS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || invite.isPending) return;
    invite.mutate();
  };
  const outgoing = (invitations.data?.outgoing ?? []).filter((i) => i.status === 'pending');

  return (
    <section className="friend-game" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Play a friend</h2>
      <form className="friend-game-form" onSubmit={submit}>
        <TextField
          label="Friend's username"
          value={username}
          onValueChange={(value) => {
            setUsername(value);
            if (invite.isError) invite.reset();
          }}
          autoComplete="off"
          maxLength={64}
          required
        />
        <div className="field">
          <label htmlFor={`${id}-mode`}>Game type</label>
          <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value as GameModeId)}>
            {FRIENDLY_MODES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={invite.isPending} disabled={!username.trim()}>
          Send invitation
        </Button>
        <FormMessage text={invite.isError ? errorText(invite.error) : null} />
      </form>
      {outgoing.length ? (
        <ul className="outgoing-invitations" aria-label="Invitations sent">
          {outgoing.map((invitation) => (
            <OutgoingInvitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
