import { BOT_ROUTES, type BotStartRequest } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of bot games (SPEC 7 startBotGame, abortBotGame), one function per route of BOT_ROUTES. */

export const startBotGame = (body: BotStartRequest) =>
  request('POST', BOT_ROUTES.start, { json: body, schema: (s) => s.BotGameView });

export const abortBotGame = () => request('POST', BOT_ROUTES.abort, { json: {} });

export const fetchCurrentBotGame = () => request('GET', BOT_ROUTES.current, { schema: (s) => s.BotCurrentResponse });
