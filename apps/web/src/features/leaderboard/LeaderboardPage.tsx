import { useId, useState } from 'react';
import { LEADERBOARD_PAGE_SIZE, type Currency } from '@rush/domain';
import { pageCountOf, Pagination } from '../../ui/Pagination.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import { useLeaderboard } from './queries.ts';
import './leaderboard.css';

function LeaderboardBody({
  currency,
  page,
  onPage,
}: {
  currency: Currency;
  page: number;
  onPage: (p: number) => void;
}) {
  const query = useLeaderboard(currency, page);
  return (
    <QueryState query={query} loading="Loading the leaderboard…" subject="the leaderboard">
      {(data) => (
        <>
          {/* While another currency loads, the rows shown are the previous one's: label them by theirs. */}
          <LeaderboardTable currency={data.currency} rows={data.rows} busy={query.isPlaceholderData} />
          <Pagination
            label="Leaderboard pages"
            page={page}
            pageCount={pageCountOf(data.total, data.pageSize, LEADERBOARD_PAGE_SIZE)}
            onPage={onPage}
          />
        </>
      )}
    </QueryState>
  );
}

/** SPEC 2 /leaderboard: 15 rows a page, highest won first, dollars or RushCoins, all time. */
export function LeaderboardPage() {
  const titleId = useId();
  const [currency, setCurrency] = useState<Currency>('usd');
  const [page, setPage] = useState(1);
  return (
    <section className="page leaderboard" aria-labelledby={titleId}>
      <title>Leaderboard</title>
      <h1 id={titleId}>Leaderboard</h1>
      <CurrencySwitch
        value={currency}
        onChange={(c) => {
          setCurrency(c);
          setPage(1);
        }}
      />
      <LeaderboardBody currency={currency} page={page} onPage={setPage} />
    </section>
  );
}
