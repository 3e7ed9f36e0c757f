import type { FastifyInstance } from 'fastify';
import { ConfirmHeldRequest, FAIRPLAY_ROUTES, type GameAnalysisResponse, type HeldGamesResponse } from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from '../accounts/index.ts';
import { requireAdmin } from '../audit/index.ts';
import type { AnalysisService } from './analysis.service.ts';
import type { ReviewService } from './review.service.ts';
import { EmptyBody } from '../../platform/http/typed-routes.ts';

/** Game ids are 12 base64url characters (play's newPublicId); anything else names no game. */
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

const gameIdOf = (params: { gameId: string }): string => {
  if (!GAME_ID.test(params.gameId)) throw notFound();
  return params.gameId;
};

/** Fair play over HTTP (protocol FAIRPLAY_ROUTES): a game's analysis for its players, the admins' review of held payouts. */
export function fairplayRoutes(app: FastifyInstance, d: { analysis: AnalysisService; review: ReviewService }): void {
  app.get<{ Params: { gameId: string } }>(
    FAIRPLAY_ROUTES.analysis(':gameId'),
    async (request, reply): Promise<GameAnalysisResponse> => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return d.analysis.forViewer(gameIdOf(request.params), { uid: auth.user.id, admin: auth.role === 'admin' });
    },
  );

  app.get(FAIRPLAY_ROUTES.held, async (request, reply): Promise<HeldGamesResponse> => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return d.review.held();
  });

  app.post<{ Params: { gameId: string } }>(FAIRPLAY_ROUTES.clear(':gameId'), async (request): Promise<{ ok: true }> => {
    const admin = requireAdmin(request);
    parse(EmptyBody, request.body ?? undefined);
    await d.review.clear(admin.user.id, gameIdOf(request.params));
    return { ok: true };
  });

  app.post<{ Params: { gameId: string } }>(
    FAIRPLAY_ROUTES.confirm(':gameId'),
    async (request): Promise<{ ok: true }> => {
      const admin = requireAdmin(request);
      const body = parse(ConfirmHeldRequest, request.body ?? {});
      await d.review.confirm(admin.user.id, gameIdOf(request.params), body.reason);
      return { ok: true };
    },
  );
}
