import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { challengeDisabled, friendButton, friendNameInput, SOCIAL_TEXTS } from '@rush/domain';
import type { FriendEntryView, Me } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { FormMessage, TextField } from '../../ui/Field.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { useCloseOverlay } from '../../ui/overlayFlags.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { openProfile } from '../players/index.ts';
import { acceptFriend, cancelFriend, inviteFriend, removeFriend, SOCIAL_KEYS } from './api.ts';
import { useFriends } from './queries.ts';
import { useSocial } from './SocialContext.ts';
import { challengeHref } from '../matchmaking/index.ts';

function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className={`online-dot${online ? ' is-online' : ''}`}>
      <span className="visually-hidden">{online ? 'Online' : 'Offline'}</span>
    </span>
  );
}

interface RowProps {
  friend: FriendEntryView;
  me: Me;
  editing: boolean;
  busy: boolean;
  onAction: (action: 'accept' | 'cancel' | 'remove') => void;
  onOpenChat: () => void;
}

function FriendRow({ friend, me, editing, busy, onAction, onOpenChat }: RowProps) {
  const location = useLocation();
  const button = friendButton(friend.view);
  let action = null;
  if (button?.action === 'challenge') {
    action = challengeDisabled({ friendBanned: friend.banned, meBanned: me.banned }) ? (
      <Button variant="secondary" disabled>
        {button.label}
      </Button>
    ) : (
      <Link className="btn btn-secondary" to={challengeHref(friend.uid, location.search)}>
        {button.label}
      </Link>
    );
  } else if (button) {
    const verb = button.action === 'accept' ? 'accept' : 'cancel';
    action = (
      <Button variant="secondary" busy={busy} onClick={() => onAction(verb)}>
        {button.label}
      </Button>
    );
  }
  return (
    <li className="friend-row">
      <span className="friend-who">
        <Avatar url={friend.avatarUrl} name={friend.username} size={32} />
        <OnlineDot online={friend.online} />
        {friend.view === 'friend' ? (
          <button type="button" className={buttonClass('link', 'friend-name')} onClick={onOpenChat}>
            {friend.username}
          </button>
        ) : (
          <span className="friend-name">{friend.username}</span>
        )}
      </span>
      <span className="friend-actions">
        {/* Issue 19: the name opens the chat (SPEC 2), so the profile has a button of its own. */}
        <Button
          variant="ghost"
          aria-haspopup="dialog"
          aria-label={`Profile of ${friend.username}`}
          onClick={() => openProfile({ uid: friend.uid, username: friend.username })}
        >
          Profile
        </Button>
        {action}
        {editing ? (
          <button
            type="button"
            className="icon-button friend-remove"
            aria-label={`Remove ${friend.username}`}
            disabled={busy}
            onClick={() => onAction('remove')}
          >
            <CloseIcon />
          </button>
        ) : null}
      </span>
    </li>
  );
}

function InviteBox() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  // The error lives in this component, so it is gone when the modal closes (SPEC 8).
  const invite = useMutation({
    mutationFn: inviteFriend,
    onSuccess: () => {
      setName('');
      void client.invalidateQueries({ queryKey: SOCIAL_KEYS.friends });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC 5: a name containing @ (an email) or an empty one is ignored: nothing is sent.
    const username = friendNameInput(name);
    if (username !== null) invite.mutate(username);
  };
  return (
    <form className="invite-box" onSubmit={submit} aria-label={SOCIAL_TEXTS.inviteFriend}>
      <h3>{SOCIAL_TEXTS.inviteFriend}</h3>
      <div className="invite-row">
        <TextField label="Username" value={name} onValueChange={setName} autoComplete="off" maxLength={200} />
        <Button type="submit" busy={invite.isPending}>
          {SOCIAL_TEXTS.sendInvite}
        </Button>
      </div>
      <FormMessage text={invite.isError ? errorText(invite.error) : null} />
    </form>
  );
}

/** SPEC 2 Friends modal (`?friendslist`): the list with its per-state buttons and the invite box. */
export function FriendsModal({ me }: { me: Me }) {
  const client = useQueryClient();
  const social = useSocial();
  const close = useCloseOverlay('friendslist');
  const [editing, setEditing] = useState(false);
  const friends = useFriends(me);
  const act = useMutation({
    mutationFn: ({ uid, action }: { uid: string; action: 'accept' | 'cancel' | 'remove' }) =>
      action === 'accept' ? acceptFriend(uid) : action === 'cancel' ? cancelFriend(uid) : removeFriend(uid),
    onSettled: () => void client.invalidateQueries({ queryKey: SOCIAL_KEYS.friends }),
  });

  let list;
  if (friends.isError || !friends.data) list = <QueryState query={friends} loading="Loading…" subject="friends" />;
  else if (friends.data.friends.length === 0) list = <p className="friends-empty">{SOCIAL_TEXTS.friendsEmpty}</p>;
  else
    list = (
      <ul className="friends-list" aria-label="Friends list">
        {friends.data.friends.map((friend) => (
          <FriendRow
            key={friend.uid}
            friend={friend}
            me={me}
            editing={editing}
            busy={act.isPending && act.variables.uid === friend.uid}
            onAction={(action) => act.mutate({ uid: friend.uid, action })}
            onOpenChat={() => {
              social.openChat({ uid: friend.uid, username: friend.username });
              close();
            }}
          />
        ))}
      </ul>
    );

  return (
    <div className="friends">
      <div className="friends-toolbar">
        <Button variant="ghost" onClick={() => setEditing((v) => !v)}>
          {editing ? SOCIAL_TEXTS.cancel : SOCIAL_TEXTS.edit}
        </Button>
      </div>
      {list}
      <FormMessage text={act.isError ? errorText(act.error) : null} />
      <InviteBox />
    </div>
  );
}
