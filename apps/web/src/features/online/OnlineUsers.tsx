import { QueryState } from '../../ui/QueryState.tsx';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { actionFor, canAddFriend, type OnlineAction } from '@rush/domain';
import type { Me, OnlineUserView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { challengeHref, RefusalNotice, useAppState } from '../matchmaking/index.ts';
import { useJoin } from './useJoin.ts';
import { inviteFriend, ONLINE_KEYS } from './api.ts';
import { useFriendViews, useOnlineUsers } from './useOnlineUsers.ts';
import './online.css';

const ACTION_LABELS: Record<OnlineAction, string> = { join: 'Join', spectate: 'Spectate', challenge: 'Challenge' };

/** Where an action leads without a call (Join of a matchmaking search posts first). */
function actionPath(action: OnlineAction, user: OnlineUserView): string | null {
  if (action === 'spectate') return user.activity.query ? `/tv/${encodeURIComponent(user.activity.query)}` : null;
  if (action === 'challenge') return challengeHref(user.uid);
  if (user.activity.type === 'battle-puzzle-search') {
    return user.activity.query ? `/puzzle-game/battle?lobby=${encodeURIComponent(user.activity.query)}` : null;
  }
  return null;
}

interface RowProps {
  user: OnlineUserView;
  me: Me | null;
  friendViews: Map<string, 'sentByMe' | 'toMe' | 'friend'> | null;
  joining: boolean;
  onJoin: (user: OnlineUserView) => void;
}

function OnlineRow({ user, me, friendViews, joining, onJoin }: RowProps) {
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const rel = { isMe: me?.uid === user.uid, view: friendViews?.get(user.uid) ?? ('none' as const) };
  const action = actionFor(user.activity, rel);
  // Until the friends list is known, no add-friend: it could be offered to a friend (SPEC 6).
  const addFriend = me !== null && friendViews !== null && canAddFriend(rel);

  const invite = () => {
    setInviting(true);
    setInviteError(null);
    inviteFriend(user.username).then(
      () => {
        setInviting(false);
        void client.invalidateQueries({ queryKey: ONLINE_KEYS.friends });
      },
      (error: unknown) => {
        setInviting(false);
        setInviteError(errorText(error));
      },
    );
  };

  const renderAction = () => {
    if (!action) return null;
    const label = ACTION_LABELS[action];
    const name = `${label} ${user.username}`;
    // Watching is open to everyone (SPEC 2 /tv/{id}); playing needs an account (SPEC 6).
    if (!me && action !== 'spectate') {
      return (
        <Link to="/login" className={buttonClass('secondary')} aria-label={name}>
          {label}
        </Link>
      );
    }
    if (action === 'join' && user.activity.type === 'match_making') {
      return (
        <Button variant="primary" busy={joining} aria-label={name} onClick={() => onJoin(user)}>
          {label}
        </Button>
      );
    }
    const to = actionPath(action, user);
    if (!to) return null;
    return (
      <Link to={to} className={buttonClass(action === 'spectate' ? 'secondary' : 'primary')} aria-label={name}>
        {label}
      </Link>
    );
  };

  return (
    <li className="online-row" data-testid={`online-${user.uid}`}>
      <Avatar url={user.avatarUrl} name={user.username} size={32} />
      <div className="online-who">
        <span className="online-name">
          {user.username}
          {rel.isMe ? <span className="muted"> (you)</span> : null}
        </span>
        <span className="online-activity muted">{user.activity.title}</span>
      </div>
      <div className="online-actions">
        {addFriend ? (
          <Button variant="ghost" busy={inviting} aria-label={`Add ${user.username} as a friend`} onClick={invite}>
            + Friend
          </Button>
        ) : null}
        {renderAction()}
      </div>
      {inviteError ? (
        <div className="online-row-error">
          <FormMessage text={inviteError} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * SPEC 2 landing "online users list": everyone online with what they are doing, sorted by the
 * SPEC's activity order, and what the viewer can do about it: Join a search, Spectate a game,
 * Challenge anyone else (SPEC 6: nothing on one's own entry; add-friend only when not friends).
 * Visitors see it too; their Join and Challenge lead to /login.
 */
export function OnlineUsers({ me }: { me: Me | null }) {
  const headingId = useId();
  const { read } = useOnlineUsers();
  const friendViews = useFriendViews(me !== null);
  const navigate = useNavigate();
  const join = useJoin(() => void navigate('/match'));
  const app = useAppState();

  return (
    <section className="online-users" aria-labelledby={headingId}>
      <h2 id={headingId}>Online users</h2>
      <RefusalNotice refusal={join.refusal} announcement={app.data?.announcement} />
      <QueryState query={read} loading="Loading…" subject="online users">
        {(users) =>
          users.length === 0 ? (
            <p className="muted">Nobody else is online right now.</p>
          ) : (
            <ul className="online-list" aria-label="Online users">
              {users.map((user) => (
                <OnlineRow
                  key={user.uid}
                  user={user}
                  me={me}
                  friendViews={friendViews}
                  joining={join.busy}
                  onJoin={(u) => join.run(u.uid)}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
