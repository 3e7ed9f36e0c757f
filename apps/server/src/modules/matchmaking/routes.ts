import type { FastifyInstance } from 'fastify';
import { accountRefusal, defaultGameType, wagerOptions, type WagerOption } from '@rush/domain';
import {
  AcceptChallengeRequest,
  ChallengeIdParam,
  CreateChallengeRequest,
  JoinRequest,
  MATCH_ROUTES,
  OptionsQuery,
  SeekRequest,
  type OptionsResponse,
} from '@rush/protocol';
import { z } from 'zod';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from '../accounts/index.ts';
import type { ChallengeService } from './challenges.service.ts';
import type { FactsReader } from './facts.ts';
import type { QueueService } from './queue.service.ts';
import { matchGone } from './refusals.ts';
import type { MatchViews } from './view.ts';

const Empty = z.object({}).strict().optional();
type IdRequest = { Params: { id: string } };

const optionView = (o: WagerOption) => ({
  key: o.key,
  name: o.name,
  value: o.value,
  amount: Number(o.amount),
  refusal: o.refusal ? { code: o.refusal.code, message: o.refusal.message } : null,
});

/** The player's side of matchmaking (SPEC 7 startMatchMaking, joinMatchmakingLobby, challenges). */
export function matchmakingRoutes(
  app: FastifyInstance,
  deps: { queue: QueueService; challenges: ChallengeService; facts: FactsReader; views: MatchViews },
): void {
  const { queue, challenges, facts, views } = deps;
  const challengeId = (id: string) => {
    const parsed = ChallengeIdParam.safeParse(id);
    if (!parsed.success) throw matchGone();
    return parsed.data;
  };

  app.get(MATCH_ROUTES.options, async (request): Promise<OptionsResponse> => {
    const auth = requireAuth(request);
    const query = parse(OptionsQuery, request.query);
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
  });

  app.get(MATCH_ROUTES.current, async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return { matchmaking: await views.currentOf(auth.user.id) };
  });

  app.post(MATCH_ROUTES.seek, async (request) => {
    const auth = requireAuth(request);
    return { matchmaking: await queue.seek(auth.user.id, parse(SeekRequest, request.body), request.ip) };
  });

  app.post(MATCH_ROUTES.join, async (request) => {
    const auth = requireAuth(request);
    return { matchmaking: await queue.join(auth.user.id, parse(JoinRequest, request.body), request.ip) };
  });

  const simple = (route: string, run: (uid: string) => Promise<unknown>) =>
    app.post(route, async (request) => {
      const auth = requireAuth(request);
      parse(Empty, request.body ?? undefined);
      return { matchmaking: await run(auth.user.id) };
    });
  simple(MATCH_ROUTES.cancel, (uid) => queue.cancel(uid));
  simple(MATCH_ROUTES.accept, (uid) => queue.answers.accept(uid));
  simple(MATCH_ROUTES.decline, (uid) => queue.answers.decline(uid));
  simple(MATCH_ROUTES.done, (uid) => queue.answers.done(uid));
  simple(MATCH_ROUTES.rematch, (uid) => queue.answers.rematch(uid));

  app.get(MATCH_ROUTES.challenges, async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return challenges.list(auth.user.id);
  });

  app.post(MATCH_ROUTES.challenges, async (request) => {
    const auth = requireAuth(request);
    return challenges.create(auth.user.id, parse(CreateChallengeRequest, request.body), request.ip);
  });

  app.post<IdRequest>(MATCH_ROUTES.acceptChallenge(':id'), async (request) => {
    const auth = requireAuth(request);
    const id = challengeId(request.params.id);
    return {
      matchmaking: await challenges.accept(
        auth.user.id,
        id,
        parse(AcceptChallengeRequest, request.body ?? {}),
        request.ip,
      ),
    };
  });

  app.post<IdRequest>(MATCH_ROUTES.declineChallenge(':id'), async (request) => {
    const auth = requireAuth(request);
    return { challenge: await challenges.decline(auth.user.id, challengeId(request.params.id)) };
  });

  app.post<IdRequest>(MATCH_ROUTES.cancelChallenge(':id'), async (request) => {
    const auth = requireAuth(request);
    return { challenge: await challenges.cancel(auth.user.id, challengeId(request.params.id)) };
  });
}
