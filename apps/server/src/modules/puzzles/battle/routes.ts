import type { FastifyInstance } from 'fastify';
import {
  BattlePlayResponse,
  CreateLobbyRequest,
  JoinByCodeRequest,
  JoinLobbyRequest,
  KickRequest,
  LobbyChatRequest,
  LobbyListResponse,
  LobbyResponse,
  OkResponse,
  PUZZLE_ROUTES,
  RushMoveRequest,
  SkipRequest,
} from '@rush/protocol';
import { z } from 'zod';
import { bodyOrEmpty, EmptyBody, typed } from '../../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../../accounts/index.ts';
import { IdParams, idOf, knownIdFirst } from '../route-ids.ts';
import type { BattleService, PlayState } from './battle.service.ts';
import type { LobbyRecord } from './lobbies.store.ts';
import type { LobbyViews } from './views.ts';

/** Signed in, then an id that names something, then the schemas. */
const withId = { preValidation: [signedInFirst, knownIdFirst] };
/** Joining may send no body at all (or a JSON null): the same as {}. */
const JoinBody = bodyOrEmpty(JoinLobbyRequest);
const JoinByCodeBody = bodyOrEmpty(JoinByCodeRequest);

/** The Battle Puzzle Rush lobby routes (protocol PUZZLE_ROUTES): every answer is the caller's LobbyView. */
export function battleRoutes(instance: FastifyInstance, deps: { battle: BattleService; views: LobbyViews }): void {
  const app = typed(instance);
  const { battle, views } = deps;
  const seen = (lobby: LobbyRecord, uid: string) => views.view(lobby, uid);
  const playState = async (s: PlayState, uid: string) => ({
    ...(s.verdict ? { verdict: s.verdict } : {}),
    puzzle: s.puzzle,
    lobby: await seen(s.lobby, uid),
  });

  app.get(
    PUZZLE_ROUTES.lobbies,
    { preValidation: signedInFirst, schema: { response: { 200: LobbyListResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { lobbies: await views.summaries() };
    },
  );

  app.post(
    PUZZLE_ROUTES.lobbies,
    { preValidation: signedInFirst, schema: { body: CreateLobbyRequest, response: { 200: LobbyResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const req = request.body;
      const lobby = await battle.create(auth.user.id, {
        settings: req.settings,
        deviceGps: req.deviceGps,
        ip: request.ip,
      });
      return { lobby: await seen(lobby, auth.user.id) };
    },
  );

  app.post(
    PUZZLE_ROUTES.joinByCode,
    { preValidation: signedInFirst, schema: { body: JoinByCodeBody, response: { 200: LobbyResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const req = request.body;
      const lobby = await battle.joinByCode(auth.user.id, req.code, req.deviceGps, request.ip, req.lobbyId);
      return { lobby: await seen(lobby, auth.user.id) };
    },
  );

  app.get(
    PUZZLE_ROUTES.lobby(':id'),
    { ...withId, schema: { params: IdParams, response: { 200: LobbyResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return { lobby: await seen(await battle.get(auth.user.id, request.params.id), auth.user.id) };
    },
  );

  app.get(
    PUZZLE_ROUTES.lobbyByOwner(':uid'),
    {
      preValidation: signedInFirst,
      schema: { params: z.object({ uid: z.string() }), response: { 200: LobbyResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      const owner = idOf(request.params.uid);
      return { lobby: await seen(await battle.byOwner(auth.user.id, owner), auth.user.id) };
    },
  );

  app.post(
    PUZZLE_ROUTES.join(':id'),
    { ...withId, schema: { params: IdParams, body: JoinBody, response: { 200: LobbyResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const req = request.body;
      return {
        lobby: await seen(
          await battle.join(auth.user.id, request.params.id, req.code, req.deviceGps, request.ip),
          auth.user.id,
        ),
      };
    },
  );

  const simple = (route: string, run: (uid: string, id: string) => Promise<LobbyRecord>) =>
    app.post(
      route,
      { ...withId, schema: { params: IdParams, body: EmptyBody, response: { 200: LobbyResponse } } },
      async (request) => {
        const auth = requireAuth(request);
        return { lobby: await seen(await run(auth.user.id, request.params.id), auth.user.id) };
      },
    );
  simple(PUZZLE_ROUTES.leave(':id'), (uid, id) => battle.leave(uid, id));
  simple(PUZZLE_ROUTES.start(':id'), (uid, id) => battle.start(uid, id));
  simple(PUZZLE_ROUTES.forfeit(':id'), (uid, id) => battle.forfeit(uid, id));

  app.post(
    PUZZLE_ROUTES.kick(':id'),
    { ...withId, schema: { params: IdParams, body: KickRequest, response: { 200: LobbyResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const lobby = await battle.kick(auth.user.id, auth.role === 'admin', request.params.id, request.body.uid);
      return { lobby: await seen(lobby, auth.user.id) };
    },
  );

  app.post(
    PUZZLE_ROUTES.chat(':id'),
    { ...withId, schema: { params: IdParams, body: LobbyChatRequest, response: { 200: OkResponse } } },
    async (request) => {
      await battle.chat(requireAuth(request).user.id, request.params.id, request.body.text);
      return { ok: true as const };
    },
  );

  app.get(
    PUZZLE_ROUTES.battlePuzzle(':id'),
    { ...withId, schema: { params: IdParams, response: { 200: BattlePlayResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return playState(await battle.current(auth.user.id, request.params.id), auth.user.id);
    },
  );

  app.post(
    PUZZLE_ROUTES.battleMove(':id'),
    { ...withId, schema: { params: IdParams, body: RushMoveRequest, response: { 200: BattlePlayResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      return playState(await battle.move(auth.user.id, request.params.id, request.body), auth.user.id);
    },
  );

  app.post(
    PUZZLE_ROUTES.battleSkip(':id'),
    { ...withId, schema: { params: IdParams, body: SkipRequest, response: { 200: BattlePlayResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      return playState(await battle.skip(auth.user.id, request.params.id, request.body.attemptId), auth.user.id);
    },
  );
}
