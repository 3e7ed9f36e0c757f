import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLAYER_ROUTES, PlayerCardResponse, PlayerSeriesResponse } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import type { PlayersService } from './players.service.ts';

const UidParam = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** Issue 19: a player's public card and charts, for anyone (the leaderboard's names open them). */
export function playersRoutes(instance: FastifyInstance, players: PlayersService): void {
  const app = typed(instance);
  app.get(
    PLAYER_ROUTES.card(':uid'),
    { schema: { params: UidParam, response: { 200: PlayerCardResponse } } },
    async (request, reply) => {
      // A game just played changes the figures: never a stale copy.
      reply.header('cache-control', 'no-store');
      return players.card(request.params.uid);
    },
  );

  app.get(
    PLAYER_ROUTES.series(':uid'),
    { schema: { params: UidParam, response: { 200: PlayerSeriesResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return players.series(request.params.uid);
    },
  );
}
