import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  AdminUserDetail,
  AdminUserGamesResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  BanRequest,
  ChessProfileResponse,
  HistoryQuery,
  KickResponse,
  VerifiedLevelRequest,
} from '@rush/protocol';
import { adminFirst, adminUidFirst, requireAdmin, targetUid, UidParams } from '../audit/index.ts';
import type { ModerationService } from './moderation.service.ts';
import type { AdminUsersService } from './users.service.ts';
import { bodyOrEmpty, EmptyBody, typed } from '../../platform/http/typed-routes.ts';

/** The admin, then the path's uid (404), before anything else is validated. */
const forUid = { preValidation: adminUidFirst } as const;

/** The console's users section (SPEC 2 ban/unban by uid, SPEC 7 setUserVerified, getUserLichessUrl, getUserGames, kickPlayerFromLobby). */
export function usersRoutes(instance: FastifyInstance, users: AdminUsersService, moderation: ModerationService): void {
  const app = typed(instance);
  app.get(
    ADMIN_ROUTES.users,
    { preValidation: adminFirst, schema: { querystring: AdminUsersQuery, response: { 200: AdminUsersResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { users: await users.search(request.query.q) };
    },
  );

  app.get(
    ADMIN_ROUTES.user(':uid'),
    { ...forUid, schema: { params: UidParams, response: { 200: AdminUserDetail } } },
    async (request, reply) => {
      const uid = targetUid(request);
      reply.header('cache-control', 'no-store');
      return users.detail(uid);
    },
  );

  app.post(
    ADMIN_ROUTES.ban(':uid'),
    { ...forUid, schema: { params: UidParams, body: BanRequest, response: { 200: AdminUserDetail } } },
    async (request) => {
      const admin = requireAdmin(request);
      const uid = targetUid(request);
      await moderation.ban(admin.user.id, uid, request.body);
      return users.detail(uid);
    },
  );

  app.put(
    ADMIN_ROUTES.verifiedLevel(':uid'),
    { ...forUid, schema: { params: UidParams, body: VerifiedLevelRequest, response: { 200: AdminUserDetail } } },
    async (request) => {
      const admin = requireAdmin(request);
      const uid = targetUid(request);
      await moderation.setVerifiedLevel(admin.user.id, uid, request.body.level);
      return users.detail(uid);
    },
  );

  app.get(
    ADMIN_ROUTES.chessProfile(':uid'),
    { ...forUid, schema: { params: UidParams, response: { 200: ChessProfileResponse } } },
    async (request) => users.chessProfile(targetUid(request)),
  );

  app.get(
    ADMIN_ROUTES.userGames(':uid'),
    {
      ...forUid,
      schema: { params: UidParams, querystring: HistoryQuery, response: { 200: AdminUserGamesResponse } },
    },
    async (request, reply) => {
      const uid = targetUid(request);
      reply.header('cache-control', 'no-store');
      return users.games(uid, request.query.page);
    },
  );

  // No body, a JSON null or `{}`: the handler parsed `request.body ?? undefined`.
  app.post(
    ADMIN_ROUTES.kick(':uid'),
    { ...forUid, schema: { params: UidParams, body: bodyOrEmpty(EmptyBody), response: { 200: KickResponse } } },
    async (request) => {
      const admin = requireAdmin(request);
      return moderation.kick(admin.user.id, targetUid(request));
    },
  );
}
