import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PlayUserEvents, TOPICS, type InvitationView, type Me } from '@rush/protocol';
import { acceptInvitation, declineInvitation } from './api.ts';
import { errorText } from '../../api/http.ts';
import { useTopic } from '../../api/realtime-react.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { INVITATIONS_KEY, useInvitations } from './FriendGame.tsx';
import { modeName } from './modeName.ts';
import { CURRENT_GAME_KEY } from '../play/index.ts';
import './invitations.css';
import { reloadOnce } from '../../api/reload-once.ts';

function InvitationCard({ invitation, onStarted }: { invitation: InvitationView; onStarted: () => void }) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: INVITATIONS_KEY });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation.id),
    onSuccess: () => {
      refresh();
      onStarted();
    },
    onError: refresh,
  });
  const decline = useMutation({ mutationFn: () => declineInvitation(invitation.id), onSettled: refresh });
  const error = accept.isError ? errorText(accept.error) : decline.isError ? errorText(decline.error) : null;
  const titleId = `invitation-${invitation.id}`;
  return (
    <section className="invitation-card" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="invitation-title">
        Game invitation
      </h2>
      <p>
        <strong>{invitation.from.username}</strong> invites you to play.
      </p>
      <p className="invitation-meta">
        Game Type: <strong>{modeName(invitation.mode)}</strong> · Friendly, no stake
      </p>
      <FormMessage text={error} />
      <div className="invitation-actions">
        <Button
          variant="secondary"
          onClick={() => decline.mutate()}
          busy={decline.isPending}
          disabled={accept.isPending}
        >
          Decline
        </Button>
        <Button onClick={() => accept.mutate()} busy={accept.isPending} disabled={decline.isPending}>
          Accept
        </Button>
      </div>
    </section>
  );
}

/**
 * Mounted once for a signed-in user (in the overlay host, on every page): the first pending
 * invitation to a friendly game as a card, and `game.started` on the user's topic opening
 * /match (both players get it when an invitation or a rematch is accepted).
 */
export function InvitationHost({ me }: { me: Me }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const invitations = useInvitations();

  const openGame = () => {
    void client.invalidateQueries({ queryKey: CURRENT_GAME_KEY });
    if (location.pathname !== '/match') void navigate('/match');
  };

  useTopic(TOPICS.user(me.uid), {
    onEvent: (event) => {
      switch (event.type) {
        case PlayUserEvents.invitation:
        case PlayUserEvents.invitationClosed:
          void client.invalidateQueries({ queryKey: INVITATIONS_KEY });
          return;
        case PlayUserEvents.gameStarted:
          void client.invalidateQueries({ queryKey: INVITATIONS_KEY });
          openGame();
          return;
        default:
          return;
      }
    },
    onResync: () => reloadOnce(client, INVITATIONS_KEY),
  });

  if (me.banned) return null;
  const first = (invitations.data?.incoming ?? []).find((i) => i.status === 'pending' && !hidden.includes(i.id));
  if (!first) return null;
  return (
    <div className="invitation-host">
      <InvitationCard
        key={first.id}
        invitation={first}
        onStarted={() => {
          setHidden((list) => [...list, first.id]);
          openGame();
        }}
      />
    </div>
  );
}
