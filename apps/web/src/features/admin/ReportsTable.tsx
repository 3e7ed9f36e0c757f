import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminPlayerReport } from '@rush/protocol';
import { Table, type Column } from '../../ui/Table.tsx';
import { formatTime } from './parts.tsx';

/** SPEC 3 user report: reported player, reporter, text, time and the game (live view on /tv). */
export function ReportsTable({
  caption,
  reports,
  actions,
}: {
  caption: string;
  reports: AdminPlayerReport[];
  actions?: (report: AdminPlayerReport) => ReactNode;
}) {
  const columns: Column<AdminPlayerReport>[] = [
    { key: 'player', header: 'Player', cell: (r) => r.username },
    { key: 'reporter', header: 'Reporter', cell: (r) => r.reporter.username },
    { key: 'text', header: 'Text', cell: (r) => r.text || '-' },
    { key: 'time', header: 'Time', cell: (r) => formatTime(r.time) },
    {
      key: 'game',
      header: 'Game',
      cell: (r) =>
        r.gameId ? (
          <Link
            to={`/tv/${encodeURIComponent(r.gameId)}`}
            aria-label={`Game of ${r.username} reported by ${r.reporter.username}`}
          >
            Game
          </Link>
        ) : (
          '-'
        ),
    },
  ];
  if (actions) columns.push({ key: 'actions', header: 'Actions', cell: actions });
  return <Table caption={caption} columns={columns} rows={reports} rowKey={(r) => r.id} empty="No reports." />;
}
