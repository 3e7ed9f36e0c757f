import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cheatingBanReason } from '@rush/domain';
import {
  ADMIN_ROUTES,
  AdminBalancesResponse,
  AdminGamesResponse,
  AdminLobbiesResponse,
  AdminReportsQuery,
  AdminReportsResponse,
  BannedUsersResponse,
  ConfirmCheatingRequest,
  ConfirmCheatingResponse,
  MatchmakingUsersResponse,
} from '@rush/protocol';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { bodyOrEmpty, typed } from '../../platform/http/typed-routes.ts';
import { adminFirst, requireAdmin, UidParams, UID_SHAPE } from '../audit/index.ts';
import type { AdminListsService } from './lists.service.ts';
import type { ModerationService } from './moderation.service.ts';
import type { ConsolePorts } from './ports.ts';
import type { AdminUsersService } from './users.service.ts';

const REPORT_ID = /^[1-9][0-9]{0,17}$/;

/** The console's lists (SPEC 2 Admin page sections) and confirming a reported player's cheating. */
export function listsRoutes(
  instance: FastifyInstance,
  d: {
    lists: AdminListsService;
    users: AdminUsersService;
    moderation: ModerationService;
    reports: ConsolePorts['reports'];
  },
): void {
  const app = typed(instance);
  const read = (url: string, response: z.ZodType, answer: () => Promise<unknown>) =>
    app.get(url, { preValidation: adminFirst, schema: { response: { 200: response } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer();
    });
  read(ADMIN_ROUTES.banned, BannedUsersResponse, () => d.users.banned());
  read(ADMIN_ROUTES.balances, AdminBalancesResponse, () => d.lists.balances());
  read(ADMIN_ROUTES.games, AdminGamesResponse, () => d.lists.games());
  read(ADMIN_ROUTES.matchmaking, MatchmakingUsersResponse, () => d.lists.matchmaking());
  read(ADMIN_ROUTES.lobbies, AdminLobbiesResponse, () => d.lists.lobbies());

  app.get(
    ADMIN_ROUTES.reports,
    { preValidation: adminFirst, schema: { querystring: AdminReportsQuery, response: { 200: AdminReportsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return d.lists.reports(request.query.archived === 'true');
    },
  );

  // The path names the reported player (as dismiss does) or one of the reports about them: found
  // (or 404) before the body is validated, the order the handler had when it parsed by hand.
  const players = new WeakMap<FastifyRequest, string>();
  const playerFirst = async (request: FastifyRequest): Promise<void> => {
    await adminFirst(request);
    const raw = (request.params as { uid: string }).uid;
    const uid = UID_SHAPE.test(raw) ? raw : REPORT_ID.test(raw) ? await d.reports.playerOfReport(BigInt(raw)) : null;
    if (!uid) throw notFound();
    players.set(request, uid);
  };
  app.post(
    ADMIN_ROUTES.confirmCheating(':uid'),
    {
      preValidation: playerFirst,
      schema: {
        params: UidParams,
        body: bodyOrEmpty(ConfirmCheatingRequest),
        response: { 200: ConfirmCheatingResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const uid = players.get(request);
      if (!uid) throw notFound();
      const reason = cheatingBanReason(request.body.reason);
      return { removed: await d.moderation.confirmCheating(admin.user.id, uid, reason) };
    },
  );
}
