import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { statsRoutes } from './routes.ts';
import { StatsService } from './stats.service.ts';

/** Leaderboard and landing stats (ARCHITECTURE: "landing stats"): read-only, no tables of its own. */
export function registerStats(app: FastifyInstance, ctx: AppContext): StatsService {
  const stats = new StatsService(ctx.db, ctx.clock);
  statsRoutes(app, stats);
  return stats;
}
