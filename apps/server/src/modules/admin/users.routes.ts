import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ROUTES,
  AdminUsersQuery,
  BanRequest,
  HistoryQuery,
  VerifiedLevelRequest,
  type AdminUserDetail,
  type AdminUserGamesResponse,
  type AdminUsersResponse,
  type KickResponse,
} from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import { requireAdmin, targetUid } from '../audit/index.ts';
import type { ModerationService } from './moderation.service.ts';
import type { AdminUsersService } from './users.service.ts';
import { EmptyBody } from '../../platform/http/typed-routes.ts';

type UidRequest = { Params: { uid: string } };

/** The console's users section (SPEC 2 ban/unban by uid, SPEC 7 setUserVerified, getUserLichessUrl, getUserGames, kickPlayerFromLobby). */
export function usersRoutes(app: FastifyInstance, users: AdminUsersService, moderation: ModerationService): void {
  app.get(ADMIN_ROUTES.users, async (request, reply): Promise<AdminUsersResponse> => {
    requireAdmin(request);
    const { q } = parse(AdminUsersQuery, request.query);
    reply.header('cache-control', 'no-store');
    return { users: await users.search(q) };
  });

  app.get<UidRequest>(ADMIN_ROUTES.user(':uid'), async (request, reply): Promise<AdminUserDetail> => {
    requireAdmin(request);
    const uid = targetUid(request);
    reply.header('cache-control', 'no-store');
    return users.detail(uid);
  });

  app.post<UidRequest>(ADMIN_ROUTES.ban(':uid'), async (request): Promise<AdminUserDetail> => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    await moderation.ban(admin.user.id, uid, parse(BanRequest, request.body));
    return users.detail(uid);
  });

  app.put<UidRequest>(ADMIN_ROUTES.verifiedLevel(':uid'), async (request): Promise<AdminUserDetail> => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const { level } = parse(VerifiedLevelRequest, request.body);
    await moderation.setVerifiedLevel(admin.user.id, uid, level);
    return users.detail(uid);
  });

  app.get<UidRequest>(ADMIN_ROUTES.chessProfile(':uid'), async (request): Promise<{ url: string | null }> => {
    requireAdmin(request);
    return users.chessProfile(targetUid(request));
  });

  app.get<UidRequest>(ADMIN_ROUTES.userGames(':uid'), async (request, reply): Promise<AdminUserGamesResponse> => {
    requireAdmin(request);
    const uid = targetUid(request);
    const { page } = parse(HistoryQuery, request.query);
    reply.header('cache-control', 'no-store');
    return users.games(uid, page);
  });

  app.post<UidRequest>(ADMIN_ROUTES.kick(':uid'), async (request): Promise<KickResponse> => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    parse(EmptyBody, request.body ?? undefined);
    return moderation.kick(admin.user.id, uid);
  });
}
