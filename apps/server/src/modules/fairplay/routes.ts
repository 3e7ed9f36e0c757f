import type { FastifyInstance } from 'fastify';
import {
  ConfirmHeldRequest,
  FAIRPLAY_ROUTES,
  GameAnalysisResponse,
  HeldGamesResponse,
  OkResponse,
} from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { requireAuth } from '../accounts/index.ts';
import { adminFirst, requireAdmin } from '../audit/index.ts';
import type { AnalysisService } from './analysis.service.ts';
import type { ReviewService } from './review.service.ts';
import { bodyOrEmpty, EmptyBody, typed } from '../../platform/http/typed-routes.ts';

/** Game ids are 12 base64url characters (play's newPublicId); anything else names no game. */
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Checked by gameIdOf (404, after the body as the handlers always did), not by the schema (400). */
const GameParams = z.object({ gameId: z.string() });

const gameIdOf = (params: { gameId: string }): string => {
  if (!GAME_ID.test(params.gameId)) throw notFound();
  return params.gameId;
};

/** Fair play over HTTP (protocol FAIRPLAY_ROUTES): a game's analysis for its players, the admins' review of held payouts. */
export function fairplayRoutes(
  instance: FastifyInstance,
  d: { analysis: AnalysisService; review: ReviewService },
): void {
  const app = typed(instance);
  app.get(
    FAIRPLAY_ROUTES.analysis(':gameId'),
    { schema: { params: GameParams, response: { 200: GameAnalysisResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return d.analysis.forViewer(gameIdOf(request.params), { uid: auth.user.id, admin: auth.role === 'admin' });
    },
  );

  app.get(
    FAIRPLAY_ROUTES.held,
    { preValidation: adminFirst, schema: { response: { 200: HeldGamesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return d.review.held();
    },
  );

  // No body, a JSON null or `{}`: the handler parsed `request.body ?? undefined`.
  app.post(
    FAIRPLAY_ROUTES.clear(':gameId'),
    {
      preValidation: adminFirst,
      schema: { params: GameParams, body: bodyOrEmpty(EmptyBody), response: { 200: OkResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await d.review.clear(admin.user.id, gameIdOf(request.params));
      return { ok: true as const };
    },
  );

  app.post(
    FAIRPLAY_ROUTES.confirm(':gameId'),
    {
      preValidation: adminFirst,
      schema: { params: GameParams, body: bodyOrEmpty(ConfirmHeldRequest), response: { 200: OkResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await d.review.confirm(admin.user.id, gameIdOf(request.params), request.body.reason);
      return { ok: true as const };
    },
  );
}
