import { PLAY_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of a game on screen (PLAY_ROUTES): the current game and one game. */

export const fetchCurrentGame = () => request('GET', PLAY_ROUTES.current, { schema: (s) => s.CurrentGameResponse });

export const fetchGame = (gameId: string) =>
  request('GET', PLAY_ROUTES.game(encodeURIComponent(gameId)), { schema: (s) => s.GameView });
