import { PLAY_ROUTES } from '@rush/protocol';
import type { Currency } from '@rush/domain';
import { request } from '../../api/http.ts';

/** History's page `page`; with `currency`, only the games staked in it (SPEC 7 cash / RushCoin games). */
export const fetchHistory = (page: number, currency?: Currency) =>
  request('GET', `${PLAY_ROUTES.history}?page=${page}${currency ? `&currency=${currency}` : ''}`, {
    schema: (s) => s.HistoryResponse,
  });
