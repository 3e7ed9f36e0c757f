import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLAYER_ROUTES, type PlayerCardResponse, type PlayerSeriesResponse } from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import type { PlayersService } from './players.service.ts';

const UidParam = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** Issue 19: a player's public card and charts, for anyone (the leaderboard's names open them). */
export function playersRoutes(app: FastifyInstance, players: PlayersService): void {
  app.get(PLAYER_ROUTES.card(':uid'), async (request, reply): Promise<PlayerCardResponse> => {
    const { uid } = parse(UidParam, request.params);
    // A game just played changes the figures: never a stale copy.
    reply.header('cache-control', 'no-store');
    return players.card(uid);
  });

  app.get(PLAYER_ROUTES.series(':uid'), async (request, reply): Promise<PlayerSeriesResponse> => {
    const { uid } = parse(UidParam, request.params);
    reply.header('cache-control', 'no-store');
    return players.series(uid);
  });
}
