import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PUZZLE_TEXTS } from '@rush/domain';
import type { LobbyView } from '@rush/protocol';
import { Button } from '../../../ui/Button.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { joinLobby, kickParticipant, lobbyAction, BATTLE_KEYS, type LobbyAction } from './api.ts';
import { BattleGame } from './BattleGame.tsx';
import { BattleResults } from './BattleResults.tsx';
import { failureText, joinFailureText, withLocation } from './errors.ts';
import type { ListNotice } from './LobbyList.tsx';
import { storeLobby, useLobby } from './queries.ts';
import { BATTLE_PATH } from './query.ts';
import { WaitingRoom } from './WaitingRoom.tsx';

/**
 * One lobby (`?lobby={id}`) through its SPEC 4 states: created (waiting room), started (the
 * battle), finished (the result popup over the final scores), canceled. When the owner leaves the
 * lobby is removed and the guests go back to the list with "Lobby owner aborted game".
 */
export function LobbyScreen({ id, meUid }: { id: string; meUid: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wasIn = useRef(false);

  const toList = (notice?: string) => {
    // The remembered active game would send the list straight back here.
    client.removeQueries({ queryKey: BATTLE_KEYS.active });
    void navigate(BATTLE_PATH, { replace: true, state: notice ? ({ notice } satisfies ListNotice) : null });
  };

  const lobby = useLobby(id, () => {
    const owner = client.getQueryData<{ view: { owner: { uid: string } } }>(BATTLE_KEYS.lobby(id))?.view.owner.uid;
    client.removeQueries({ queryKey: BATTLE_KEYS.lobby(id) });
    toList(owner === meUid ? undefined : PUZZLE_TEXTS.ownerAborted);
  });
  const entry = lobby.data ?? null;
  const view = entry?.view ?? null;
  const inLobby = !!view?.participants.some((p) => p.uid === meUid && !p.left);

  // Kicked (or gone from another tab) while waiting: back to the list.
  useEffect(() => {
    if (!view) return;
    if (inLobby) wasIn.current = true;
    else if (wasIn.current && view.status === 'created') toList();
  });

  const run = <T,>(name: string, call: () => Promise<T>, after?: (result: T) => void) => {
    if (busy) return;
    setBusy(name);
    setError(null);
    call().then(
      (result) => {
        setBusy(null);
        void client.invalidateQueries({ queryKey: BATTLE_KEYS.lobby(id) });
        after?.(result);
      },
      (err: unknown) => {
        setBusy(null);
        setError(failureText(err));
      },
    );
  };
  const act = (action: LobbyAction, after?: (lobby: LobbyView) => void) =>
    run(action, () => lobbyAction(action, id), after);
  // Leaving during the battle: when that ended it (the owner was the last one playing), the results
  // are what the player came for; otherwise back to the list while the others play on.
  const leaveBattle = () =>
    act('leave', (after) => {
      if (after.status === 'finished') storeLobby(client, after);
      else toList();
    });

  if (lobby.error || !entry || !view) {
    // SPEC 5: a lobby that cannot be read is gone for this user; reading again will not bring it back.
    const status = { data: undefined, isError: lobby.error !== null, error: lobby.error, refetch: lobby.refetch };
    return (
      <section className="page battle-page">
        <QueryState
          query={status}
          loading="Loading…"
          subject="the lobby"
          describe={() => PUZZLE_TEXTS.lobbyUnavailable}
          retry={false}
        />
        {lobby.error ? <Button onClick={() => toList()}>Back to lobbies</Button> : null}
      </section>
    );
  }

  if (view.status === 'canceled') {
    return (
      <section className="page battle-page">
        <p className="notice notice-error" role="alert">
          {view.error ?? PUZZLE_TEXTS.lobbyUnavailable}
        </p>
        <Button onClick={() => toList()}>Back to lobbies</Button>
      </section>
    );
  }

  if (view.status === 'created') {
    return (
      <WaitingRoom
        entry={entry}
        meUid={meUid}
        busy={busy}
        error={error}
        onStart={() => act('start')}
        onLeave={() => act('leave', () => toList())}
        onKick={(uid) => run(`kick:${uid}`, () => kickParticipant(id, uid))}
        onJoin={() => {
          if (busy) return;
          setBusy('join');
          setError(null);
          withLocation(view.settings.stakesCurrency, (gps) => joinLobby(id, gps)).then(
            (joined) => {
              setBusy(null);
              storeLobby(client, joined);
            },
            (err: unknown) => {
              setBusy(null);
              setError(joinFailureText(err, PUZZLE_TEXTS.lobbyFull));
            },
          );
        }}
      />
    );
  }

  if (view.status === 'started' && !inLobby) {
    return (
      <section className="page battle-page">
        <p className="notice" role="status">
          {PUZZLE_TEXTS.lobbyStarted}
        </p>
        <Button onClick={() => toList()}>Back to lobbies</Button>
      </section>
    );
  }

  return (
    <div className="page battle-page">
      {view.error ? (
        <p className="notice notice-error lobby-error" role="alert">
          {view.error}
        </p>
      ) : null}
      <p className="form-message form-message-error" role={error ? 'alert' : undefined} hidden={!error}>
        {error}
      </p>
      <BattleGame
        entry={entry}
        meUid={meUid}
        busy={busy}
        onForfeit={() => act('forfeit', () => toList())}
        onLeave={leaveBattle}
      />
      {view.status === 'finished' && view.results ? (
        <BattleResults results={view.results} onDone={() => toList()} />
      ) : null}
    </div>
  );
}
