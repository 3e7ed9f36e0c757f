import { useId, useState } from 'react';
import { LEADERBOARD_PAGE_SIZE, type Currency } from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
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
  if (query.isPending) {
    return (
      <p className="leaderboard-loading" role="status">
        Loading the leaderboard…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="leaderboard-error" role="alert">
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { total, pageSize, rows } = query.data;
  const pageCount = Math.max(1, Math.ceil(total / (pageSize || LEADERBOARD_PAGE_SIZE)));
  // While another currency loads, the rows shown are the previous one's: label them by theirs.
  return (
    <>
      <LeaderboardTable currency={query.data.currency} rows={rows} busy={query.isPlaceholderData} />
      <Pagination label="Leaderboard pages" page={page} pageCount={pageCount} onPage={onPage} />
    </>
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
