import type { FastifyInstance } from 'fastify';
import { ADMIN_TOPIC } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import type { AdminTrail } from '../audit/index.ts';
import { auditRoutes } from './audit.routes.ts';
import { FlagsService } from './flags.service.ts';
import { flagsRoutes } from './flags.routes.ts';
import { healthRoutes } from './health.routes.ts';
import { AdminListsService } from './lists.service.ts';
import { listsRoutes } from './lists.routes.ts';
import { ModerationService } from './moderation.service.ts';
import { AdminMoneyService } from './money.service.ts';
import type { ConsolePorts } from './ports.ts';
import { NO_LOSS_LIMIT_USAGE } from './review.ports.ts';
import { reviewRoutes } from './review.routes.ts';
import { ReviewService } from './review.service.ts';
import { adminRoutes } from './routes.ts';
import { registerDashboard } from './dashboard.routes.ts';
import { usersRoutes } from './users.routes.ts';
import { AdminUsersService } from './users.service.ts';

/**
 * The admin capability (issue 12): the console's API, every route admin-only, every write in
 * the audit log, and the `admin` topic (admins only) that tells open consoles what changed.
 * Registered last: it acts through the other capabilities, which the composition root hands in.
 */
export function registerAdmin(app: FastifyInstance, ctx: AppContext, trail: AdminTrail, ports: ConsolePorts): void {
  const { db, clock, log, hub } = ctx;
  const { audit, changes } = trail;
  const now = () => clock.now();
  // SPEC 7 startWatchingAdminData: the role is decided by accounts when the socket subscribes.
  hub.registerTopic(ADMIN_TOPIC, {
    authorize: async (conn) => conn.userId !== null && (await ports.isAdmin(conn.userId)),
  });
  const users = new AdminUsersService(db, ports.wallet);
  const moderation = new ModerationService(db, now, audit, changes, ports, log);
  const lists = new AdminListsService(db, ports);

  adminRoutes(app, { wallet: ports.wallet, money: new AdminMoneyService(ports.wallet, audit), audit, changes });
  healthRoutes(app, ports.wallet);
  usersRoutes(app, users, moderation);
  listsRoutes(app, { lists, users, moderation, reports: ports.reports });
  flagsRoutes(app, new FlagsService(db, now, audit), changes);
  auditRoutes(app, audit);
  reviewRoutes(app, new ReviewService(db, now, audit, ports.lossLimits ?? NO_LOSS_LIMIT_USAGE), changes, now);
  registerDashboard(app, ctx);
}
