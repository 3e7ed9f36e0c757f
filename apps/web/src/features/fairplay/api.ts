import { z } from 'zod';
import { FAIRPLAY_ROUTES, type ConfirmHeldRequest } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of fair play (issue 14), one function per route of FAIRPLAY_ROUTES. */

const Ok = z.object({ ok: z.boolean() });

/** A finished game's engine analysis (its players and admins). */
export const fetchGameAnalysis = (gameId: string) =>
  request('GET', FAIRPLAY_ROUTES.analysis(encodeURIComponent(gameId)), { schema: (s) => s.GameAnalysisResponse });

/** Admin: the games whose payout is held, oldest first. */
export const fetchHeldGames = () => request('GET', FAIRPLAY_ROUTES.held, { schema: (s) => s.HeldGamesResponse });

/** Admin: not cheating, the held payout goes out. */
export const clearHeldGame = (gameId: string) =>
  request('POST', FAIRPLAY_ROUTES.clear(encodeURIComponent(gameId)), { json: {}, schema: Ok });

/** Admin: cheating confirmed (status `cheat`, the pot to the opponent, the winner banned). */
export const confirmHeldGame = (gameId: string, body: ConfirmHeldRequest) =>
  request('POST', FAIRPLAY_ROUTES.confirm(encodeURIComponent(gameId)), { json: body, schema: Ok });
