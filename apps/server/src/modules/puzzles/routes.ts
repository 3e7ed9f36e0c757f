import type { FastifyInstance } from 'fastify';
import {
  ActivePuzzleResponse,
  CatalogStatus,
  MoveRequest,
  MoveVerdictView,
  NextPuzzleQuery,
  NextPuzzleResponse,
  PUZZLE_ROUTES,
  RushMoveRequest,
  SkipRequest,
  SoloMoveResponse,
  SoloRunView,
  SolutionResponse,
  StartSoloRequest,
} from '@rush/protocol';
import { EmptyBody, typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { CasualService } from './casual.service.ts';
import type { Catalog } from './catalog.service.ts';
import { IdParams, knownIdFirst } from './route-ids.ts';
import type { SoloService } from './solo.service.ts';

/** Signed in, then an id that names something, then the schemas. */
const withId = { preValidation: [signedInFirst, knownIdFirst] };

export const SOLO_ROUTE = '/puzzle-game/solo-rush';
/** The battle screen of one lobby (the web's `?lobby={id}` flag opens its waiting room or game). */
export const battleRoute = (lobbyId: string) => `/puzzle-game/battle?lobby=${encodeURIComponent(lobbyId)}`;

/** Looks up the user's battle (a lobby id), provided by the battle module. */
export type ActiveBattleLookup = (uid: string) => Promise<string | null>;

/**
 * Casual and Solo Puzzle Rush over HTTP (the battle lobbies have their own routes). Answers
 * carry no solution: the browser gets FEN and the setup move, and every move is judged here.
 */
export function puzzleRoutes(
  instance: FastifyInstance,
  deps: { catalog: Catalog; casual: CasualService; solo: SoloService; activeBattleOf: () => ActiveBattleLookup | null },
): void {
  const app = typed(instance);
  const { catalog, casual, solo } = deps;

  app.get(PUZZLE_ROUTES.status, { schema: { response: { 200: CatalogStatus } } }, (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return catalog.status();
  });

  app.get(
    PUZZLE_ROUTES.next,
    { preValidation: signedInFirst, schema: { querystring: NextPuzzleQuery, response: { 200: NextPuzzleResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return casual.next(auth.user.id, request.query);
    },
  );

  app.post(
    PUZZLE_ROUTES.move(':id'),
    { ...withId, schema: { params: IdParams, body: MoveRequest, response: { 200: MoveVerdictView } } },
    async (request) => casual.move(requireAuth(request).user.id, request.params.id, request.body),
  );

  app.post(
    PUZZLE_ROUTES.solution(':id'),
    { ...withId, schema: { params: IdParams, body: EmptyBody, response: { 200: SolutionResponse } } },
    async (request) => ({ moves: await casual.solution(requireAuth(request).user.id, request.params.id) }),
  );

  app.get(
    PUZZLE_ROUTES.active,
    { preValidation: signedInFirst, schema: { response: { 200: ActivePuzzleResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      const runId = await solo.activeOf(auth.user.id);
      if (runId) return { active: { mode: 'solo' as const, id: runId, route: SOLO_ROUTE } };
      const lobbyId = (await deps.activeBattleOf()?.(auth.user.id)) ?? null;
      return { active: lobbyId ? { mode: 'battle' as const, id: lobbyId, route: battleRoute(lobbyId) } : null };
    },
  );

  app.post(
    PUZZLE_ROUTES.soloStart,
    // No body at all starts with the defaults.
    { preValidation: signedInFirst, schema: { body: StartSoloRequest.prefault({}), response: { 200: SoloRunView } } },
    async (request) => solo.start(requireAuth(request).user.id, request.body),
  );

  app.get(
    PUZZLE_ROUTES.solo(':id'),
    { ...withId, schema: { params: IdParams, response: { 200: SoloRunView } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return solo.get(auth.user.id, request.params.id);
    },
  );

  app.post(
    PUZZLE_ROUTES.soloMove(':id'),
    { ...withId, schema: { params: IdParams, body: RushMoveRequest, response: { 200: SoloMoveResponse } } },
    async (request) => solo.move(requireAuth(request).user.id, request.params.id, request.body),
  );

  app.post(
    PUZZLE_ROUTES.soloSkip(':id'),
    { ...withId, schema: { params: IdParams, body: SkipRequest, response: { 200: SoloRunView } } },
    async (request) => solo.skip(requireAuth(request).user.id, request.params.id, request.body.attemptId),
  );

  app.post(
    PUZZLE_ROUTES.soloFinish(':id'),
    { ...withId, schema: { params: IdParams, body: EmptyBody, response: { 200: SoloRunView } } },
    async (request) => solo.finish(requireAuth(request).user.id, request.params.id),
  );
}
