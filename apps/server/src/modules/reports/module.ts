import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ReportsService } from './reports.service.ts';
import { reportsRoutes } from './routes.ts';

/**
 * Player reports (which restrict the reported user's withdrawals through the wallet's
 * restriction table) and bug reports (anonymous allowed), stored for the admin console.
 */
export async function registerReports(app: FastifyInstance, ctx: AppContext): Promise<ReportsService> {
  const reports = new ReportsService(ctx.db, ctx.clock);
  await reportsRoutes(app, reports);
  return reports;
}
