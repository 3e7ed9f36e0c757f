import type { FastifyInstance } from 'fastify';
import { LandingResponse, LeaderboardQuery, LeaderboardResponse, MATCH_ROUTES } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import type { StatsService } from './stats.service.ts';

/** Public reads: the leaderboard (SPEC 2/9) and the landing's numbers and lists (SPEC 2). */
export function statsRoutes(instance: FastifyInstance, stats: StatsService): void {
  const app = typed(instance);
  app.get(
    MATCH_ROUTES.leaderboard,
    { schema: { querystring: LeaderboardQuery, response: { 200: LeaderboardResponse } } },
    async (request, reply) => {
      const { currency, page } = request.query;
      reply.header('cache-control', 'no-store');
      return stats.leaderboard(currency, page);
    },
  );

  app.get(MATCH_ROUTES.landing, { schema: { response: { 200: LandingResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return stats.landing(request.auth?.user.id ?? null);
  });
}
