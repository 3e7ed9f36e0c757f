import { useState } from 'react';
import { Link } from 'react-router';
import type { Currency } from '@rush/domain';
import type { AdminLobbiesResponse, AdminGamesResponse, MatchmakingUsersResponse } from '@rush/protocol';
import { kickUser } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame, TableSection } from '../parts.tsx';
import { useAdminMutation, useLiveGames, useLobbies, useMatchmakingUsers } from '../queries.ts';

type Game = AdminGamesResponse['games'][number];
type Searcher = MatchmakingUsersResponse['users'][number];
type Lobby = AdminLobbiesResponse['lobbies'][number];

function Stake({ minor, currency }: { minor: number | null; currency: Currency | null }) {
  return currency && minor !== null ? <Amount minor={minor} currency={currency} /> : <span>-</span>;
}

function OngoingGames() {
  const query = useLiveGames();
  const columns: Column<Game>[] = [
    { key: 'white', header: 'White', cell: (g) => `${g.white.username} (${g.white.rating})` },
    { key: 'black', header: 'Black', cell: (g) => `${g.black.username} (${g.black.rating})` },
    { key: 'type', header: 'Game type', cell: (g) => g.gameType },
    { key: 'wager', header: 'Wager', cell: (g) => <Stake minor={g.amount} currency={g.currency} /> },
    { key: 'started', header: 'Started', cell: (g) => formatTime(g.startedAt) },
    {
      key: 'watch',
      header: 'Watch',
      cell: (g) => (
        <Link
          to={`/tv/${encodeURIComponent(g.gameId)}`}
          aria-label={`Watch ${g.white.username} vs ${g.black.username}`}
        >
          Watch
        </Link>
      ),
    },
  ];
  return (
    <TableSection
      title="Ongoing games"
      query={query}
      columns={columns}
      rows={(data) => data.games}
      rowKey={(g) => g.gameId}
      empty="No matches at the moment"
    />
  );
}

type Kick = (user: { uid: string; username: string }) => void;

function KickButton({ uid, username, kick, busy }: { uid: string; username: string; kick: Kick; busy: boolean }) {
  return (
    <Button variant="danger" busy={busy} aria-label={`Kick ${username}`} onClick={() => kick({ uid, username })}>
      Kick
    </Button>
  );
}

export function LiveSection() {
  const users = useMatchmakingUsers();
  const lobbies = useLobbies();
  const [note, setNote] = useState<string | null>(null);
  const mutation = useAdminMutation(['matchmaking'], (u: { uid: string; username: string }) => kickUser(u.uid));
  const kick: Kick = (user) => {
    setNote(null);
    mutation.mutate(user, {
      onSuccess: (answer) =>
        setNote(
          answer.kicked === null
            ? `${user.username} was not searching or in a lobby.`
            : `${user.username} was kicked from the ${answer.kicked === 'lobby' ? 'lobby' : 'matchmaking'}.`,
        ),
    });
  };
  const busyFor = (uid: string) => mutation.isPending && mutation.variables?.uid === uid;
  const userColumns: Column<Searcher>[] = [
    { key: 'username', header: 'Username', cell: (u) => u.username },
    { key: 'state', header: 'State', cell: (u) => u.state },
    { key: 'type', header: 'Game type', cell: (u) => u.gameType },
    { key: 'wager', header: 'Wager', cell: (u) => <Amount minor={u.amount} currency={u.currency} /> },
    { key: 'since', header: 'Since', cell: (u) => formatTime(u.since) },
    { key: 'kick', header: 'Action', cell: (u) => <KickButton {...u} kick={kick} busy={busyFor(u.uid)} /> },
  ];
  const lobbyColumns: Column<Lobby>[] = [
    { key: 'owner', header: 'Owner', cell: (l) => l.owner },
    { key: 'privacy', header: 'Privacy', cell: (l) => l.privacy },
    { key: 'stake', header: 'Stake', cell: (l) => <Amount minor={l.amount} currency={l.currency} /> },
    { key: 'created', header: 'Created', cell: (l) => formatTime(l.createdAt) },
    {
      key: 'members',
      header: 'Members',
      cell: (l) => (
        <ul className="admin-list">
          {l.members.map((m) => (
            <li key={m.uid} className="admin-actions">
              {m.username} <KickButton {...m} kick={kick} busy={busyFor(m.uid)} />
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <SectionFrame title="Ongoing games and lobbies">
      <OngoingGames />
      <SectionFrame title="Matchmaking users" level={3}>
        <QueryState query={users} loading="Loading matchmaking users…" subject="matchmaking users">
          {(data) => (
            <Table
              caption="Matchmaking users"
              columns={userColumns}
              rows={data.users}
              rowKey={(u) => u.uid}
              empty="Nobody is searching."
            />
          )}
        </QueryState>
      </SectionFrame>
      <SectionFrame title="Battle lobbies" level={3}>
        <QueryState query={lobbies} loading="Loading battle lobbies…" subject="battle lobbies">
          {(data) => (
            <Table
              caption="Battle lobbies"
              columns={lobbyColumns}
              rows={data.lobbies}
              rowKey={(l) => l.id}
              empty="No lobbies at the moment"
            />
          )}
        </QueryState>
      </SectionFrame>
      <FormMessage text={mutation.isError ? errorText(mutation.error) : null} />
      <FormMessage text={note} tone="success" />
    </SectionFrame>
  );
}
