import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Currency } from '@rush/domain';
import { fetchLeaderboard } from './api.ts';

export const leaderboardKey = (currency: Currency, page: number) => ['leaderboard', currency, page] as const;

/** One page (1-based); the previous page stays on screen while the next one loads. */
export function useLeaderboard(currency: Currency, page: number) {
  return useQuery({
    queryKey: leaderboardKey(currency, page),
    queryFn: () => fetchLeaderboard(currency, page),
    placeholderData: keepPreviousData,
  });
}
