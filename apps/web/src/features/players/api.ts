import { PLAYER_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** A player's public card and charts (PLAYER_ROUTES, public: visitors read them too). */

export const fetchPlayerCard = (uid: string) =>
  request('GET', PLAYER_ROUTES.card(encodeURIComponent(uid)), { schema: (s) => s.PlayerCardResponse });

export const fetchPlayerSeries = (uid: string) =>
  request('GET', PLAYER_ROUTES.series(encodeURIComponent(uid)), { schema: (s) => s.PlayerSeriesResponse });

export const playerCardKey = (uid: string) => ['players', uid, 'card'] as const;
export const playerSeriesKey = (uid: string) => ['players', uid, 'series'] as const;
