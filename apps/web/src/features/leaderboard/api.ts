import type { Currency } from '@rush/domain';
import { MATCH_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The leaderboard's read (MATCH_ROUTES.leaderboard, public). */

export const fetchLeaderboard = (currency: Currency, page: number) =>
  request('GET', `${MATCH_ROUTES.leaderboard}?currency=${currency}&page=${page}`, {
    schema: (s) => s.LeaderboardResponse,
  });
