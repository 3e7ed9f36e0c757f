import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { GIVEAWAY_TEXTS, MATCH_TEXTS, wagerName } from '@rush/domain';
import type { ChallengeView, Me } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { SandboxMark } from '../../ui/SandboxMark.tsx';
import { modeName } from './modeName.ts';
import { acceptChallenge, declineChallenge, fetchCurrentMatchmaking, MATCH_KEYS } from './api.ts';
import { storeMatchmaking, useAppState, useChallenges, useMatchmaking } from './queries.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { useMatchStart } from './useMatchStart.ts';
import { BreakNotice, breakEndOf } from '../wallet/index.ts';
import './matchmaking.css';

function ChallengeCard({ challenge, onAccepted, me }: { challenge: ChallengeView; onAccepted: () => void; me: Me }) {
  const client = useQueryClient();
  const appState = useAppState();
  const start = useMatchStart();
  const refresh = () => void client.invalidateQueries({ queryKey: MATCH_KEYS.challenges });
  const decline = useMutation({ mutationFn: () => declineChallenge(challenge.id), onSettled: refresh });
  const accept = () =>
    start.run(
      challenge.currency,
      async (deviceGps) => {
        await acceptChallenge(challenge.id, deviceGps);
        // The record the accept made, before /match reads it (no bounce back to /start).
        return (await fetchCurrentMatchmaking()).matchmaking;
      },
      (record) => {
        refresh();
        storeMatchmaking(client, record);
        onAccepted();
      },
    );
  const titleId = `challenge-${challenge.id}`;
  return (
    <section className="invitation-card challenge-card" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="invitation-title">
        Challenge
      </h2>
      <p>
        <strong>{challenge.from.username}</strong> challenges you.
      </p>
      <dl className="challenge-meta">
        <dt>Game Type</dt>
        <dd>{modeName(challenge.gameType)}</dd>
        <dt>{challenge.isGiveawayMode ? GIVEAWAY_TEXTS.prizeLabel : 'Amount'}</dt>
        <dd>
          {wagerName(challenge.currency, challenge.bet)}
          <SandboxMark currency={challenge.currency} />
        </dd>
      </dl>
      {challenge.isGiveawayMode ? <p className="giveaway-note">{GIVEAWAY_TEXTS.youStakeNothing}</p> : null}
      <BreakNotice me={me} />
      <RefusalNotice refusal={start.refusal} announcement={appState.data?.announcement} />
      <FormMessage text={decline.isError ? errorText(decline.error) : null} />
      <div className="invitation-actions">
        <Button variant="secondary" onClick={() => decline.mutate()} busy={decline.isPending} disabled={start.busy}>
          Decline
        </Button>
        <Button onClick={accept} busy={start.busy} disabled={decline.isPending || breakEndOf(me) !== null}>
          Accept
        </Button>
      </div>
    </section>
  );
}

/**
 * Mounted once for a signed-in user (in the overlay host, on every page), SPEC 2: the first
 * pending incoming challenge as a card (none for a banned user), 'Opponent declined the
 * challenge' for the challenger, and /match as soon as a match is found or starting.
 */
export function ChallengeHost({ me }: { me: Me }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const [declined, setDeclined] = useState<ChallengeView | null>(null);
  const challenges = useChallenges(me, ({ challenge }) => {
    if (challenge.from.uid === me.uid && challenge.status === 'declined') setDeclined(challenge);
  });
  const matchmaking = useMatchmaking(me);

  // A found match (a seek paired, a challenge accepted) needs the player's answer on /match.
  const state = matchmaking.data?.record.state ?? null;
  const previous = useRef<string | null>(null);
  const onMatchPage = location.pathname === '/match';
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (state !== before && (state === 'matched' || state === 'starting') && !onMatchPage) void navigate('/match');
  }, [state, onMatchPage, navigate]);

  const first = me.banned
    ? undefined
    : (challenges.data?.incoming ?? []).find((c) => c.status === 'pending' && !hidden.includes(c.id));
  if (!first && !declined) return null;
  return (
    <div className="invitation-host challenge-host">
      {declined ? (
        <div className="invitation-card" role="alert">
          <p>{MATCH_TEXTS.opponentDeclinedChallenge}</p>
          <div className="invitation-actions">
            <Button variant="secondary" onClick={() => setDeclined(null)}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
      {first ? (
        <ChallengeCard
          me={me}
          key={first.id}
          challenge={first}
          onAccepted={() => {
            setHidden((list) => [...list, first.id]);
            if (!onMatchPage) void navigate('/match');
          }}
        />
      ) : null}
    </div>
  );
}
