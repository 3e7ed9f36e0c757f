import type { Currency } from '@rush/domain';
import type { LeaderboardRow } from '@rush/protocol';
import { Amount } from '../../ui/Amount.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { PlayerName } from '../players/index.ts';
import { WON_HEADERS, WON_TITLES } from './format.ts';
import { RankCell } from './Medal.tsx';
import './leaderboard.css';

/** No one has won anything yet in this currency (ours: the SPEC gives no empty text). */
export const NO_WINNERS_TEXT = 'No winners yet. Win a match to take the first place!';

function columns(currency: Currency): Column<LeaderboardRow>[] {
  return [
    { key: 'rank', header: 'Rank', className: 'cell-rank', cell: (row) => <RankCell rank={row.rank} /> },
    {
      key: 'username',
      header: 'Username',
      className: 'cell-username',
      // The name opens the player's profile with their charts (issue 19).
      cell: (row) => <PlayerName uid={row.uid} username={row.username} />,
    },
    {
      key: 'won',
      header: WON_HEADERS[currency],
      className: 'cell-won',
      cell: (row) => <Amount minor={row.won} currency={currency} />,
    },
  ];
}

/** SPEC 2 leaderboard rows: Rank (medals for 1-3), Username, USD or WBX won. */
export function LeaderboardTable({
  currency,
  rows,
  busy = false,
}: {
  currency: Currency;
  rows: readonly LeaderboardRow[];
  busy?: boolean;
}) {
  return (
    <Table
      caption={WON_TITLES[currency]}
      columns={columns(currency)}
      rows={rows}
      rowKey={(row) => row.uid}
      empty={NO_WINNERS_TEXT}
      busy={busy}
      className="leaderboard-table"
    />
  );
}
