import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatWait, MATCH_TEXTS, wagerName } from '@rush/domain';
import type { MatchPlayerView, MatchmakingView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { SandboxMark } from '../../ui/SandboxMark.tsx';
import { useSecondsLeft } from '../../ui/useSecondsLeft.ts';
import { modeName } from './modeName.ts';
import { MATCH_KEYS, recordAction, seek, type RecordAction } from './api.ts';
import { storeMatchmaking, useAppState, type MatchmakingRecord } from './queries.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { useMatchStart } from './useMatchStart.ts';
import './matchmaking.css';

// The puzzles to solve while waiting load when the player asks for them: the match page's first
// load leaves them out (and the rules engine they need), issue 17.
const CasualPuzzle = lazy(() => import('../puzzles/index.ts').then((m) => ({ default: m.CasualPuzzle })));

function PlayerCard({ player, label }: { player: MatchPlayerView | null; label: string }) {
  if (!player) {
    return (
      <div className="match-player match-player-placeholder" aria-label={label}>
        <span className="avatar avatar-initial match-placeholder-avatar" aria-hidden="true">
          ?
        </span>
        <span className="match-player-name muted">Waiting for an opponent</span>
      </div>
    );
  }
  return (
    <div className="match-player" aria-label={label}>
      <Avatar url={player.avatarUrl} name={player.username} size={56} />
      <span className="match-player-name">{player.username}</span>
      <span className="match-player-rating muted">
        {player.rating}
        {player.provisional ? '?' : ''}
      </span>
    </div>
  );
}

/** Re-reads a clock every quarter second; the reading only changes once a second. */
function subscribeSeconds(notify: () => void): () => void {
  const timer = setInterval(notify, 250);
  return () => clearInterval(timer);
}

/** The wait timer (SPEC 2 minutes:seconds) on the server's clock, from the search's start. */
export function WaitTimer({ startedAt, offset }: { startedAt: string; offset: number }) {
  const since = Date.parse(startedAt);
  const text = useSyncExternalStore(subscribeSeconds, () => formatWait(Date.now() + offset - since));
  return (
    <p className="wait-timer">
      <span className="muted">Waiting </span>
      <time role="timer" aria-label="Waiting time">
        {text}
      </time>
    </p>
  );
}

function AcceptCountdown({ deadline, offset }: { deadline: string | null; offset: number }) {
  const at = deadline ? Date.parse(deadline) - offset : null;
  const left = useSecondsLeft(at !== null && Number.isFinite(at) ? at : null);
  if (left === null) return null;
  return <p className="accept-countdown">{`${left}s left to accept`}</p>;
}

/** What the state says, for the live region (SPEC 4, 8 texts). */
function stateText(record: MatchmakingView): string {
  switch (record.state) {
    case 'searching':
      return 'Searching for an opponent…';
    case 'matched':
      return record.accepted.me ? 'Match found. Waiting for your opponent to accept.' : 'Match found!';
    case 'starting':
      return MATCH_TEXTS.matchStarting;
    case 'playing':
      return MATCH_TEXTS.matchInProgress;
    case 'finished':
      return 'Match finished';
    case 'notFound':
      return record.message ?? MATCH_TEXTS.noMatchFound;
    case 'declined':
      return record.declinedBy === 'me' ? MATCH_TEXTS.youDeclinedMatch : MATCH_TEXTS.opponentDeclinedMatch;
    case 'error':
      return record.message ?? MATCH_TEXTS.couldNotStartGame;
  }
}

/**
 * SPEC 2, 4 match screen before (or instead of) the game: own profile, the opponent or its
 * placeholder, the wait timer while searching, Accept/Decline once matched, "Match starting...",
 * and after no match, a decline or an error, Search Again with Back or Cancel.
 */
export function MatchmakingScreen({ entry }: { entry: MatchmakingRecord }) {
  const { record, offset } = entry;
  const client = useQueryClient();
  const navigate = useNavigate();
  const appState = useAppState();
  const start = useMatchStart();
  const [wantPuzzles, setWantPuzzles] = useState(false);
  const action = useMutation({
    mutationFn: (name: RecordAction) => recordAction(name),
    onSuccess: (_result, name) => {
      if (name === 'cancel') {
        storeMatchmaking(client, null);
        void navigate('/start');
      }
    },
    onSettled: () => void client.invalidateQueries({ queryKey: MATCH_KEYS.current }),
  });
  const back = () => {
    const leave = () => {
      storeMatchmaking(client, null);
      void navigate('/start');
    };
    recordAction('cancel').then(leave, leave);
  };
  const searchAgain = () =>
    start.run(
      record.currency,
      (deviceGps) =>
        seek({ gameType: record.gameType, c: record.currency, bet: record.bet, ...(deviceGps ? { deviceGps } : {}) }),
      (next) => storeMatchmaking(client, next),
    );

  const busy = action.isPending || start.busy;
  // SPEC 4: casual puzzles may be played while waiting; they close when the match is found.
  const puzzling = wantPuzzles && record.state === 'searching';
  const text = stateText(record);
  const retry = record.state === 'notFound' || record.state === 'declined' || record.state === 'error';

  return (
    <section className="page match-screen" aria-labelledby="match-title">
      <title>Match</title>
      <h1 id="match-title">Match</h1>
      <p className="match-stake">
        {modeName(record.gameType)} · {wagerName(record.currency, record.bet)}
        <SandboxMark currency={record.currency} />
      </p>
      <div className="match-players">
        <PlayerCard player={record.me} label="You" />
        <span className="match-vs" aria-hidden="true">
          VS
        </span>
        <PlayerCard player={record.opponent} label="Opponent" />
      </div>
      <div className="match-state" role="status" aria-live="polite" aria-atomic="true">
        <p className="match-state-text">{text}</p>
        {record.state === 'error' ? <p>{MATCH_TEXTS.searchAgainLater}</p> : null}
      </div>
      {record.state === 'searching' ? <WaitTimer startedAt={record.startedAt} offset={offset} /> : null}
      {record.state === 'matched' && !record.accepted.me ? (
        <AcceptCountdown deadline={record.acceptDeadline} offset={offset} />
      ) : null}
      <div className="match-actions">
        {record.state === 'searching' ? (
          <Button variant="secondary" onClick={() => action.mutate('cancel')} busy={action.isPending}>
            Cancel
          </Button>
        ) : null}
        {record.state === 'matched' && !record.accepted.me ? (
          <>
            <Button variant="secondary" onClick={() => action.mutate('decline')} disabled={busy}>
              Decline
            </Button>
            <Button onClick={() => action.mutate('accept')} busy={action.isPending && action.variables === 'accept'}>
              Accept
            </Button>
          </>
        ) : null}
        {retry ? (
          <>
            {record.state === 'declined' ? (
              <Button variant="secondary" onClick={back} disabled={busy}>
                Back
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => action.mutate('cancel')} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button onClick={searchAgain} busy={start.busy} disabled={action.isPending}>
              Search Again
            </Button>
          </>
        ) : null}
      </div>
      <FormMessage text={action.isError ? errorText(action.error) : null} />
      <RefusalNotice refusal={start.refusal} announcement={appState.data?.announcement} />
      {record.state === 'searching' && !puzzling ? (
        <Button variant="ghost" onClick={() => setWantPuzzles(true)}>
          Play puzzles while you wait
        </Button>
      ) : null}
      {puzzling ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <CasualPuzzle embedded onBack={() => setWantPuzzles(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
