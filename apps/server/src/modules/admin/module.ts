import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { WalletCore } from '../wallet/index.ts';
import { AdminMoneyService } from './money.service.ts';
import { healthRoutes } from './health.routes.ts';
import { adminRoutes } from './routes.ts';
import { registerDashboard } from './dashboard.routes.ts';

/** The admin capability; for now its money API (issue 3). Every route needs the admin role. */
export function registerAdmin(app: FastifyInstance, wallet: WalletCore, ctx: AppContext): void {
  adminRoutes(app, wallet, new AdminMoneyService(wallet));
  healthRoutes(app, wallet);
  registerDashboard(app, ctx);
}
