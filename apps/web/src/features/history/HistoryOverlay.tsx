import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FAIRPLAY_TEXTS, type Currency } from '@rush/domain';
import type { HistoryItem } from '@rush/protocol';
import { fetchHistory } from './api.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { pageCountOf, Pagination } from '../../ui/Pagination.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { SandboxMark } from '../../ui/SandboxMark.tsx';
import { Table, type Column } from '../../ui/Table.tsx';
import { TabPanel, Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { useSession } from '../../api/session.ts';
import { challengeHref } from '../matchmaking/index.ts';
import { PlayerCharts, PlayerName } from '../players/index.ts';
import './history.css';

export const historyKey = (page: number, filter: HistoryFilter = 'all') => ['play', 'history', filter, page] as const;

/** SPEC 7 getMyCashGames / getMyWBXGames: every game, or the games staked in one currency. */
export type HistoryFilter = 'all' | Currency;
const FILTERS: readonly TabItem<HistoryFilter>[] = [
  { id: 'all', label: 'All games' },
  { id: 'usd', label: 'Cash' },
  { id: 'wbx', label: 'RushCoins' },
];
const EMPTY: Record<HistoryFilter, string> = {
  all: 'You have not played any games yet.',
  usd: 'You have not played any cash games yet.',
  wbx: 'You have not played any RushCoin games yet.',
};

/** SPEC 2: "None" when the game never had an opponent. */
export const opponentName = (item: Pick<HistoryItem, 'opponent'>): string => item.opponent?.username ?? 'None';

/** The PGN export as a download. */
export function pgnHref(url: string): string {
  return url.includes('download=') ? url : `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

const columns: readonly Column<HistoryItem>[] = [
  {
    key: 'opponent',
    header: 'Opponent',
    cell: (item) => (
      <span className="history-opponent">
        <Avatar url={item.opponent?.avatarUrl} name={opponentName(item)} size={32} />
        {item.opponent ? (
          <PlayerName uid={item.opponent.uid} username={item.opponent.username} />
        ) : (
          <span>{opponentName(item)}</span>
        )}
      </span>
    ),
  },
  { key: 'date', header: 'Date', cell: (item) => <time dateTime={item.endedAt}>{item.date}</time> },
  {
    key: 'result',
    header: 'Result',
    cell: (item) =>
      // Fair play (issue 14): a held payout reads "Under review", not as a win paid out.
      item.underReview ? (
        <span className="history-review">
          <span className="history-result history-under-review" title={item.statusText}>
            {FAIRPLAY_TEXTS.underReview}
          </span>
          <span className="history-review-note">{FAIRPLAY_TEXTS.underReviewNote}</span>
        </span>
      ) : (
        <>
          <span className={`history-result history-${item.outcome}`} title={item.statusText}>
            {item.resultText}
          </span>
          {item.stake ? <SandboxMark currency={item.stake.currency} /> : null}
        </>
      ),
  },
  {
    key: 'actions',
    header: 'Actions',
    cell: (item) => {
      const about = `${opponentName(item)}, ${item.date}`;
      return (
        <span className="history-actions">
          <a
            className="btn btn-secondary"
            href={item.analyzeUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Analyze the game against ${about} (opens in a new tab)`}
          >
            Analyze
          </a>
          {item.opponent ? (
            <Link
              className="btn btn-secondary"
              to={challengeHref(item.opponent.uid)}
              aria-label={`Challenge ${item.opponent.username}`}
            >
              Challenge
            </Link>
          ) : (
            <Button variant="secondary" disabled>
              Challenge
            </Button>
          )}
          <a
            className="btn btn-ghost"
            href={pgnHref(item.pgnUrl)}
            download
            aria-label={`PGN of the game against ${about}`}
          >
            PGN
          </a>
        </span>
      );
    },
  },
];

/**
 * SPEC 2 History modal (`?history`): the user's charts (issue 19: rating over time per family,
 * wagers won and lost over time per currency), then the finished games, newest first, paged.
 */
export function HistoryOverlay() {
  const { me } = useSession();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const query = useQuery({
    queryKey: historyKey(page, filter),
    queryFn: () => fetchHistory(page, filter === 'all' ? undefined : filter),
    placeholderData: keepPreviousData,
  });
  const choose = (next: HistoryFilter) => {
    setFilter(next);
    setPage(1);
  };
  return (
    <>
      {me ? <PlayerCharts uid={me.uid} own label="Your charts" /> : null}
      <Tabs
        label="Games by currency"
        idPrefix="history"
        items={FILTERS}
        selected={filter}
        onSelect={choose}
        className="history-filter"
      />
      <TabPanel idPrefix="history" id={filter}>
        <QueryState query={query} loading="Loading…" subject="game history">
          {({ items, total, pageSize }) => (
            <div className="history">
              <Table
                caption="Game history"
                columns={columns}
                rows={items}
                rowKey={(item) => item.gameId}
                empty={EMPTY[filter]}
                busy={query.isPlaceholderData}
                className="history-table"
              />
              <Pagination label="History pages" page={page} pageCount={pageCountOf(total, pageSize)} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </TabPanel>
    </>
  );
}
