import type { FastifyInstance } from 'fastify';
import { LeaderboardQuery, MATCH_ROUTES, type LandingResponse, type LeaderboardResponse } from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import type { StatsService } from './stats.service.ts';

/** Public reads: the leaderboard (SPEC 2/9) and the landing's numbers and lists (SPEC 2). */
export function statsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get(MATCH_ROUTES.leaderboard, async (request, reply): Promise<LeaderboardResponse> => {
    const { currency, page } = parse(LeaderboardQuery, request.query ?? {});
    reply.header('cache-control', 'no-store');
    return stats.leaderboard(currency, page);
  });

  app.get(MATCH_ROUTES.landing, async (request, reply): Promise<LandingResponse> => {
    reply.header('cache-control', 'no-store');
    return stats.landing(request.auth?.user.id ?? null);
  });
}
