import type { FastifyInstance } from 'fastify';
import { accountRefusal, defaultGameType, wagerOptions, type WagerOption } from '@rush/domain';
import {
  AcceptChallengeRequest,
  ChallengeIdParam,
  ChallengeResponse,
  ChallengeView,
  ChallengesResponse,
  CreateChallengeRequest,
  CurrentMatchmakingResponse,
  JoinRequest,
  MATCH_ROUTES,
  MatchmakingResponse,
  OptionsQuery,
  OptionsResponse,
  SeekRequest,
} from '@rush/protocol';
import { z } from 'zod';
import { bodyOrEmpty, EmptyBody, paramFirst, typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { ChallengeService } from './challenges.service.ts';
import type { FactsReader } from './facts.ts';
import type { QueueService } from './queue.service.ts';
import { matchGone } from './refusals.ts';
import type { MatchViews } from './view.ts';

const IdParams = z.object({ id: z.string() });
const signedIn = { preValidation: signedInFirst };

/** A challenge id of the wrong shape names a challenge that is gone. */
const challengeId = (id: string) => {
  const parsed = ChallengeIdParam.safeParse(id);
  if (!parsed.success) throw matchGone();
  return parsed.data;
};

/** After signedInFirst: a wrong id is refused before the body is validated. */
const knownChallengeFirst = paramFirst('id', challengeId);

const optionView = (o: WagerOption) => ({
  key: o.key,
  name: o.name,
  value: o.value,
  amount: Number(o.amount),
  refusal: o.refusal ? { code: o.refusal.code, message: o.refusal.message } : null,
});

/** The player's side of matchmaking (SPEC 7 startMatchMaking, joinMatchmakingLobby, challenges). */
export function matchmakingRoutes(
  instance: FastifyInstance,
  deps: { queue: QueueService; challenges: ChallengeService; facts: FactsReader; views: MatchViews },
): void {
  const app = typed(instance);
  const { queue, challenges, facts, views } = deps;

  app.get(
    MATCH_ROUTES.options,
    { ...signedIn, schema: { querystring: OptionsQuery, response: { 200: OptionsResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      const query = request.query;
      const player = await facts.read(auth.user.id);
      if (!player) throw matchGone();
      const { app: state, catalog } = await queue.config();
      const gameType = query.gameType ?? defaultGameType(catalog);
      const account = accountRefusal(player.facts, state);
      const wagers = (c: 'usd' | 'wbx') =>
        gameType ? wagerOptions(player.facts, catalog, gameType, c).map(optionView) : [];
      const challengeeName = query.challengeid ? await facts.usernameOf(query.challengeid) : null;
      return {
        challengee: query.challengeid && challengeeName ? { uid: query.challengeid, username: challengeeName } : null,
        gameType,
        account: account ? { code: account.code, message: account.message } : null,
        wagers: { usd: wagers('usd'), wbx: wagers('wbx') },
        contentCreator: player.facts.verifiedLevel === 'contentCreator',
      };
    },
  );

  app.get(
    MATCH_ROUTES.current,
    { ...signedIn, schema: { response: { 200: CurrentMatchmakingResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return { matchmaking: await views.currentOf(auth.user.id) };
    },
  );

  app.post(
    MATCH_ROUTES.seek,
    { ...signedIn, schema: { body: SeekRequest, response: { 200: MatchmakingResponse } } },
    async (request) => ({ matchmaking: await queue.seek(requireAuth(request).user.id, request.body, request.ip) }),
  );

  app.post(
    MATCH_ROUTES.join,
    { ...signedIn, schema: { body: JoinRequest, response: { 200: MatchmakingResponse } } },
    async (request) => ({ matchmaking: await queue.join(requireAuth(request).user.id, request.body, request.ip) }),
  );

  const simple = (route: string, run: (uid: string) => Promise<MatchmakingResponse['matchmaking']>) =>
    app.post(
      route,
      { ...signedIn, schema: { body: EmptyBody, response: { 200: MatchmakingResponse } } },
      async (request) => ({
        matchmaking: await run(requireAuth(request).user.id),
      }),
    );
  simple(MATCH_ROUTES.cancel, (uid) => queue.cancel(uid));
  simple(MATCH_ROUTES.accept, (uid) => queue.answers.accept(uid));
  simple(MATCH_ROUTES.decline, (uid) => queue.answers.decline(uid));
  simple(MATCH_ROUTES.done, (uid) => queue.answers.done(uid));
  simple(MATCH_ROUTES.rematch, (uid) => queue.answers.rematch(uid));

  app.get(
    MATCH_ROUTES.challenges,
    { ...signedIn, schema: { response: { 200: ChallengesResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return challenges.list(auth.user.id);
    },
  );

  app.post(
    MATCH_ROUTES.challenges,
    { ...signedIn, schema: { body: CreateChallengeRequest, response: { 200: ChallengeView } } },
    async (request) => challenges.create(requireAuth(request).user.id, request.body, request.ip),
  );

  app.post(
    MATCH_ROUTES.acceptChallenge(':id'),
    {
      preValidation: [signedInFirst, knownChallengeFirst],
      schema: { params: IdParams, body: bodyOrEmpty(AcceptChallengeRequest), response: { 200: MatchmakingResponse } },
    },
    async (request) => ({
      matchmaking: await challenges.accept(
        requireAuth(request).user.id,
        challengeId(request.params.id),
        request.body,
        request.ip,
      ),
    }),
  );

  app.post(
    MATCH_ROUTES.declineChallenge(':id'),
    { ...signedIn, schema: { params: IdParams, response: { 200: ChallengeResponse } } },
    async (request) => ({
      challenge: await challenges.decline(requireAuth(request).user.id, challengeId(request.params.id)),
    }),
  );

  app.post(
    MATCH_ROUTES.cancelChallenge(':id'),
    { ...signedIn, schema: { params: IdParams, response: { 200: ChallengeResponse } } },
    async (request) => ({
      challenge: await challenges.cancel(requireAuth(request).user.id, challengeId(request.params.id)),
    }),
  );
}
