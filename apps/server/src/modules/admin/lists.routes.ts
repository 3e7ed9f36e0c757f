import type { FastifyInstance } from 'fastify';
import { cheatingBanReason } from '@rush/domain';
import { ADMIN_ROUTES, AdminReportsQuery, ConfirmCheatingRequest } from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAdmin, UID_SHAPE } from '../audit/index.ts';
import type { AdminListsService } from './lists.service.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ConsolePorts } from './ports.ts';
import type { AdminUsersService } from './users.service.ts';

const REPORT_ID = /^[1-9][0-9]{0,17}$/;

/** The console's lists (SPEC 2 Admin page sections) and confirming a reported player's cheating. */
export function listsRoutes(
  app: FastifyInstance,
  d: {
    lists: AdminListsService;
    users: AdminUsersService;
    moderation: ModerationService;
    reports: ConsolePorts['reports'];
  },
): void {
  const read = (url: string, answer: () => Promise<unknown>) =>
    app.get(url, async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return answer();
    });
  read(ADMIN_ROUTES.banned, () => d.users.banned());
  read(ADMIN_ROUTES.balances, () => d.lists.balances());
  read(ADMIN_ROUTES.games, () => d.lists.games());
  read(ADMIN_ROUTES.matchmaking, () => d.lists.matchmaking());
  read(ADMIN_ROUTES.lobbies, () => d.lists.lobbies());

  app.get(ADMIN_ROUTES.reports, async (request, reply) => {
    requireAdmin(request);
    const { archived } = parse(AdminReportsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return d.lists.reports(archived === 'true');
  });

  // The path names the reported player (as dismiss does) or one of the reports about them.
  app.post<{ Params: { uid: string } }>(ADMIN_ROUTES.confirmCheating(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const raw = request.params.uid;
    const uid = UID_SHAPE.test(raw) ? raw : REPORT_ID.test(raw) ? await d.reports.playerOfReport(BigInt(raw)) : null;
    if (!uid) throw notFound();
    const { reason } = parse(ConfirmCheatingRequest, request.body ?? {});
    return { removed: await d.moderation.confirmCheating(admin.user.id, uid, cheatingBanReason(reason)) };
  });
}
