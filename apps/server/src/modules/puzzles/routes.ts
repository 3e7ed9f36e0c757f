import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LobbyIdParam,
  MoveRequest,
  NextPuzzleQuery,
  PUZZLE_ROUTES,
  RushMoveRequest,
  SkipRequest,
  StartSoloRequest,
  type ActivePuzzleResponse,
  type CatalogStatus,
} from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from '../accounts/index.ts';
import type { CasualService } from './casual.service.ts';
import type { Catalog } from './catalog.service.ts';
import type { SoloService } from './solo.service.ts';

const Empty = z.object({}).strict().optional();
type IdRequest = { Params: { id: string } };

/** Attempt and run ids are public ids; anything else is simply not found. */
const idOf = (raw: string): string => {
  const parsed = LobbyIdParam.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

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
  app: FastifyInstance,
  deps: { catalog: Catalog; casual: CasualService; solo: SoloService; activeBattleOf: () => ActiveBattleLookup | null },
): void {
  const { catalog, casual, solo } = deps;

  app.get(PUZZLE_ROUTES.status, (_request, reply): CatalogStatus => {
    reply.header('cache-control', 'no-store');
    return catalog.status();
  });

  app.get(PUZZLE_ROUTES.next, async (request, reply) => {
    const auth = requireAuth(request);
    const query = parse(NextPuzzleQuery, request.query ?? {});
    reply.header('cache-control', 'no-store');
    return casual.next(auth.user.id, query);
  });

  app.post<IdRequest>(PUZZLE_ROUTES.move(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    return casual.move(auth.user.id, id, parse(MoveRequest, request.body));
  });

  app.post<IdRequest>(PUZZLE_ROUTES.solution(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    parse(Empty, request.body ?? undefined);
    return { moves: await casual.solution(auth.user.id, id) };
  });

  app.get(PUZZLE_ROUTES.active, async (request, reply): Promise<z.infer<typeof ActivePuzzleResponse>> => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    const runId = await solo.activeOf(auth.user.id);
    if (runId) return { active: { mode: 'solo', id: runId, route: SOLO_ROUTE } };
    const lobbyId = (await deps.activeBattleOf()?.(auth.user.id)) ?? null;
    return { active: lobbyId ? { mode: 'battle', id: lobbyId, route: battleRoute(lobbyId) } : null };
  });

  app.post(PUZZLE_ROUTES.soloStart, async (request) => {
    const auth = requireAuth(request);
    return solo.start(auth.user.id, parse(StartSoloRequest, request.body === undefined ? {} : request.body));
  });

  app.get<IdRequest>(PUZZLE_ROUTES.solo(':id'), async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return solo.get(auth.user.id, idOf(request.params.id));
  });

  app.post<IdRequest>(PUZZLE_ROUTES.soloMove(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    return solo.move(auth.user.id, id, parse(RushMoveRequest, request.body));
  });

  app.post<IdRequest>(PUZZLE_ROUTES.soloSkip(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    return solo.skip(auth.user.id, id, parse(SkipRequest, request.body).attemptId);
  });

  app.post<IdRequest>(PUZZLE_ROUTES.soloFinish(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    parse(Empty, request.body ?? undefined);
    return solo.finish(auth.user.id, id);
  });
}
