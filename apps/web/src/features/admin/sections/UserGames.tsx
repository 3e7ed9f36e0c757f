import { useState } from 'react';
import type { AdminUserGame } from '@rush/protocol';
import { Amount } from '../../../ui/Amount.tsx';
import { pageCountOf, Pagination } from '../../../ui/Pagination.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { useUserGames } from '../queries.ts';

const columns: Column<AdminUserGame>[] = [
  { key: 'started', header: 'Started', cell: (g) => formatTime(g.startedAt) },
  { key: 'type', header: 'Game type', cell: (g) => g.gameType },
  { key: 'opponent', header: 'Opponent', cell: (g) => g.opponent ?? 'None' },
  { key: 'color', header: 'Colour', cell: (g) => g.color },
  { key: 'outcome', header: 'Outcome', cell: (g) => `${g.outcome} (${g.status})` },
  {
    key: 'wager',
    header: 'Wager',
    cell: (g) => (g.currency && g.amount !== null ? <Amount minor={g.amount} currency={g.currency} /> : '-'),
  },
];

/** SPEC 7 getUserGames: the user's games, newest first, 20 a page. */
export function UserGames({ uid, username }: { uid: string; username: string }) {
  const [page, setPage] = useState(1);
  const query = useUserGames(uid, page);
  return (
    <SectionFrame title={`Games of ${username}`} level={3}>
      <QueryState query={query} loading="Loading games…" subject="games">
        {(data) => (
          <>
            <Table
              caption={`Games of ${username}`}
              columns={columns}
              rows={data.games}
              rowKey={(g) => g.gameId}
              busy={query.isPlaceholderData}
              empty="No games."
            />
            <Pagination
              label={`Pages of games of ${username}`}
              page={page}
              pageCount={pageCountOf(data.total, data.pageSize)}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </SectionFrame>
  );
}
