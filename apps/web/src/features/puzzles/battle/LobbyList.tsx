import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { PUZZLE_TEXTS, wagerName } from '@rush/domain';
import type { LobbySummary } from '@rush/protocol';
import { useSession } from '../../../api/session.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { overlayLink, useOverlayLink } from '../../../ui/overlayFlags.ts';
import { QueryState } from '../../../ui/QueryState.tsx';
import { SandboxMark } from '../../../ui/SandboxMark.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { joinLobby } from './api.ts';
import { failureText, joinFailureText, withLocation } from './errors.ts';
import { minutesText, PRIZE_MODE_LABEL } from './format.ts';
import { LockIcon } from './LockIcon.tsx';
import { PrivateLobbyDialog } from './PrivateLobbyDialog.tsx';
import { storeLobby, useLobbies } from './queries.ts';
import { lobbyPath, settingsPath } from './query.ts';
import { BreakNotice, breakEndOf } from '../../wallet/index.ts';

/** What the list shows after leaving a lobby (e.g. SPEC 4 "Lobby owner aborted game"). */
export interface ListNotice {
  notice?: string;
}

/**
 * SPEC 2 lobby list: owner, lock if private, prize mode, minutes, stake, ELO range, users/max
 * and Join; live from the `lobbies` topic. Create lobby opens the settings (battleStep=2), Join
 * private lobby the code modal (?privateLobby). A private row's Join opens that same modal for
 * its lobby (?privateLobby={id}): the server admits to a private lobby only with its code, and
 * with the row's id it admits only to that lobby, so another lobby's code is a wrong code there
 * (issue 36).
 */
export function LobbyList() {
  const headingId = useId();
  const lobbies = useLobbies();
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  const privateLink = useOverlayLink('privateLobby');
  const [joining, setJoining] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Issue 37: during a break no lobby is created or joined (the server refuses it too).
  const { me } = useSession();
  const onBreak = breakEndOf(me) !== null;
  const notice = (location.state as ListNotice | null)?.notice ?? null;

  const join = (lobby: LobbySummary) => {
    if (joining) return;
    if (lobby.locked) {
      setError(null);
      const link = overlayLink(location, 'privateLobby', lobby.id);
      void navigate(link.to, { state: link.state });
      return;
    }
    setJoining(lobby.id);
    setError(null);
    withLocation(lobby.stakesCurrency, (gps) => joinLobby(lobby.id, gps)).then(
      (view) => {
        setJoining(null);
        storeLobby(client, view);
        void navigate(lobbyPath(view.id));
      },
      (err: unknown) => {
        setJoining(null);
        setError(joinFailureText(err, PUZZLE_TEXTS.lobbyFull));
      },
    );
  };

  const columns: Column<LobbySummary>[] = [
    {
      key: 'owner',
      header: 'Owner',
      cell: (l) => (
        <span className="lobby-owner">
          {l.owner}
          {l.locked ? <LockIcon label="Private lobby" /> : null}
        </span>
      ),
    },
    { key: 'prize', header: 'Prize mode', cell: (l) => PRIZE_MODE_LABEL[l.prizeMode] },
    { key: 'minutes', header: 'Time', cell: (l) => minutesText(l.minutes * 60_000) },
    {
      key: 'stake',
      header: 'Stake',
      cell: (l) => (
        <>
          {wagerName(l.stakesCurrency, l.stakesAmount)}
          <SandboxMark currency={l.stakesCurrency} />
        </>
      ),
    },
    { key: 'elo', header: 'ELO range', cell: (l) => `${l.eloRange.min}–${l.eloRange.max}` },
    { key: 'users', header: 'Users', cell: (l) => `${l.users}/${l.max}` },
    {
      key: 'join',
      header: 'Join',
      cell: (l) => (
        <Button
          onClick={() => join(l)}
          busy={joining === l.id}
          disabled={joining !== null || l.users >= l.max || onBreak}
          aria-label={`Join ${l.owner}'s lobby`}
        >
          Join
        </Button>
      ),
    },
  ];

  return (
    <section className="page battle-page" aria-labelledby={headingId}>
      <title>Battle Puzzle Rush</title>
      <h1 id={headingId}>Battle Puzzle Rush</h1>
      {notice ? (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      ) : null}
      <BreakNotice me={me} />
      <div className="battle-actions">
        {onBreak ? (
          <>
            <Button disabled>Create lobby</Button>
            <Button variant="secondary" disabled>
              Join private lobby
            </Button>
          </>
        ) : (
          <>
            <Link className={buttonClass('primary')} to={settingsPath}>
              Create lobby
            </Link>
            <Link className={buttonClass('secondary')} {...privateLink}>
              Join private lobby
            </Link>
          </>
        )}
      </div>
      <FormMessage text={error} />
      <QueryState query={lobbies} loading="Loading…" subject="lobbies" describe={failureText}>
        {(rows) => (
          <Table
            caption="Lobbies"
            columns={columns}
            rows={rows}
            rowKey={(l) => l.id}
            empty={PUZZLE_TEXTS.noLobbies}
            busy={lobbies.isFetching}
          />
        )}
      </QueryState>
      <PrivateLobbyDialog />
    </section>
  );
}
