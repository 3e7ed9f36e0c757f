import type { Currency } from '@rush/domain';
import type { LeaderboardResponse, LeaderboardRow } from '@rush/protocol';
import type { mockApi } from '../../test/render.tsx';

/** `n` rows ranked from `from`, the won amount falling with the rank. */
export function makeRows(n: number, from = 1, currency: Currency = 'usd'): LeaderboardRow[] {
  return Array.from({ length: n }, (_, i) => {
    const rank = from + i;
    return { rank, uid: `${currency}-u${rank}`, username: `${currency}${rank}`, won: 100_000 - rank * 100 + 56 };
  });
}

type Api = ReturnType<typeof mockApi>;

/** Every URL fetched so far, with its query string (the recorded calls keep only the path). */
export function fetchedUrls(api: Api): string[] {
  return api.fetchMock.mock.calls.map(([input]) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
}

/** The query string of the call being answered (handlers run as fetch is called). */
export function currentQuery(api: Api): URLSearchParams {
  return new URL(fetchedUrls(api).at(-1) ?? '', 'http://localhost').searchParams;
}

/** The leaderboard requests made so far, oldest first. */
export const leaderboardUrls = (api: Api): string[] => fetchedUrls(api).filter((u) => u.startsWith('/api/leaderboard'));

/** A server leaderboard of `total` rows per currency, 15 a page. */
export function leaderboardServer(totals: Record<Currency, number>) {
  return (query: URLSearchParams): LeaderboardResponse => {
    const currency = (query.get('currency') ?? 'usd') as Currency;
    const page = Number(query.get('page') ?? '1');
    const from = (page - 1) * 15 + 1;
    const count = Math.max(0, Math.min(15, totals[currency] - from + 1));
    return { currency, page, pageSize: 15, total: totals[currency], rows: makeRows(count, from, currency) };
  };
}
