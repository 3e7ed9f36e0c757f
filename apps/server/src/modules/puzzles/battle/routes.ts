import type { FastifyInstance } from 'fastify';
import {
  CreateLobbyRequest,
  JoinLobbyRequest,
  KickRequest,
  LobbyChatRequest,
  LobbyIdParam,
  PUZZLE_ROUTES,
  RushMoveRequest,
  SkipRequest,
  type LobbyListResponse,
} from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.ts';
import { parse } from '../../../platform/http/parse.ts';
import { requireAuth } from '../../accounts/index.ts';
import type { BattleService, PlayState } from './battle.service.ts';
import type { LobbyRecord } from './lobbies.store.ts';
import type { LobbyViews } from './views.ts';

type IdRequest = { Params: { id: string } };
const Empty = z.object({}).strict().optional();

const idOf = (raw: string): string => {
  const parsed = LobbyIdParam.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/** The Battle Puzzle Rush lobby routes (protocol PUZZLE_ROUTES): every answer is the caller's LobbyView. */
export function battleRoutes(app: FastifyInstance, deps: { battle: BattleService; views: LobbyViews }): void {
  const { battle, views } = deps;
  const seen = (lobby: LobbyRecord, uid: string) => views.view(lobby, uid);
  const playState = async (s: PlayState, uid: string) => ({
    ...(s.verdict ? { verdict: s.verdict } : {}),
    puzzle: s.puzzle,
    lobby: await seen(s.lobby, uid),
  });

  app.get(PUZZLE_ROUTES.lobbies, async (request, reply): Promise<z.infer<typeof LobbyListResponse>> => {
    requireAuth(request);
    reply.header('cache-control', 'no-store');
    return { lobbies: await views.summaries() };
  });

  app.post(PUZZLE_ROUTES.lobbies, async (request) => {
    const auth = requireAuth(request);
    const req = parse(CreateLobbyRequest, request.body);
    const lobby = await battle.create(auth.user.id, {
      settings: req.settings,
      deviceGps: req.deviceGps,
      ip: request.ip,
    });
    return { lobby: await seen(lobby, auth.user.id) };
  });

  app.post(PUZZLE_ROUTES.joinByCode, async (request) => {
    const auth = requireAuth(request);
    const req = parse(JoinLobbyRequest, request.body ?? {});
    const lobby = await battle.joinByCode(auth.user.id, req.code, req.deviceGps, request.ip);
    return { lobby: await seen(lobby, auth.user.id) };
  });

  app.get<IdRequest>(PUZZLE_ROUTES.lobby(':id'), async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return { lobby: await seen(await battle.get(auth.user.id, idOf(request.params.id)), auth.user.id) };
  });

  app.get<{ Params: { uid: string } }>(PUZZLE_ROUTES.lobbyByOwner(':uid'), async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    const owner = idOf(request.params.uid);
    return { lobby: await seen(await battle.byOwner(auth.user.id, owner), auth.user.id) };
  });

  app.post<IdRequest>(PUZZLE_ROUTES.join(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    const req = parse(JoinLobbyRequest, request.body ?? {});
    return {
      lobby: await seen(await battle.join(auth.user.id, id, req.code, req.deviceGps, request.ip), auth.user.id),
    };
  });

  const simple = (route: string, run: (uid: string, id: string) => Promise<LobbyRecord>) =>
    app.post<IdRequest>(route, async (request) => {
      const auth = requireAuth(request);
      const id = idOf(request.params.id);
      parse(Empty, request.body ?? undefined);
      return { lobby: await seen(await run(auth.user.id, id), auth.user.id) };
    });
  simple(PUZZLE_ROUTES.leave(':id'), (uid, id) => battle.leave(uid, id));
  simple(PUZZLE_ROUTES.start(':id'), (uid, id) => battle.start(uid, id));
  simple(PUZZLE_ROUTES.forfeit(':id'), (uid, id) => battle.forfeit(uid, id));

  app.post<IdRequest>(PUZZLE_ROUTES.kick(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    const req = parse(KickRequest, request.body);
    const lobby = await battle.kick(auth.user.id, auth.role === 'admin', id, req.uid);
    return { lobby: await seen(lobby, auth.user.id) };
  });

  app.post<IdRequest>(PUZZLE_ROUTES.chat(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    const req = parse(LobbyChatRequest, request.body);
    await battle.chat(auth.user.id, id, req.text);
    return { ok: true };
  });

  app.get<IdRequest>(PUZZLE_ROUTES.battlePuzzle(':id'), async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return playState(await battle.current(auth.user.id, idOf(request.params.id)), auth.user.id);
  });

  app.post<IdRequest>(PUZZLE_ROUTES.battleMove(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    const req = parse(RushMoveRequest, request.body);
    return playState(await battle.move(auth.user.id, id, req), auth.user.id);
  });

  app.post<IdRequest>(PUZZLE_ROUTES.battleSkip(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = idOf(request.params.id);
    const req = parse(SkipRequest, request.body);
    return playState(await battle.skip(auth.user.id, id, req.attemptId), auth.user.id);
  });
}
