import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { PlayersService, type RatingsOf } from './players.service.ts';
import { playersRoutes } from './players.routes.ts';
import { statsRoutes } from './routes.ts';
import { StatsService } from './stats.service.ts';

export interface StatsDeps {
  /** The play capability's ratings of a user (a player's card shows them). */
  ratingsOf: RatingsOf;
}

/**
 * Leaderboard and landing stats (ARCHITECTURE: "landing stats") and a player's public card and
 * charts (issue 19): read-only views of the games, no tables of their own.
 */
export function registerStats(app: FastifyInstance, ctx: AppContext, deps: StatsDeps): StatsService {
  const stats = new StatsService(ctx.db, ctx.clock);
  statsRoutes(app, stats);
  playersRoutes(app, new PlayersService(ctx.db, deps.ratingsOf));
  return stats;
}
