import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Currency } from '@rush/domain';
import { MATCH_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The leaderboard's read (MATCH_ROUTES.leaderboard, public). */

export const fetchLeaderboard = (currency: Currency, page: number) =>
  request('GET', `${MATCH_ROUTES.leaderboard}?currency=${currency}&page=${page}`, {
    schema: (s) => s.LeaderboardResponse,
  });

export const leaderboardKey = (currency: Currency, page: number) => ['leaderboard', currency, page] as const;

/** One page (1-based); the previous page stays on screen while the next one loads. */
export function useLeaderboard(currency: Currency, page: number) {
  return useQuery({
    queryKey: leaderboardKey(currency, page),
    queryFn: () => fetchLeaderboard(currency, page),
    placeholderData: keepPreviousData,
  });
}
