import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { AdminTrail } from '../audit/index.ts';
import { reportsAdminRoutes } from './admin.routes.ts';
import { ReportsService } from './reports.service.ts';
import { reportsRoutes } from './routes.ts';

/**
 * Player reports (which, from enough distinct opponents, restrict the reported user's
 * withdrawals through the wallet's restriction table until an admin dismisses them) and bug
 * reports (anonymous allowed, images re-encoded), stored for the admin console.
 */
export async function registerReports(
  app: FastifyInstance,
  ctx: AppContext,
  admin: AdminTrail,
): Promise<ReportsService> {
  const reports = new ReportsService(ctx.db, ctx.clock, admin.changes);
  await reportsRoutes(app, reports);
  reportsAdminRoutes(app, reports, admin);
  return reports;
}
