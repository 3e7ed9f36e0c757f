import type { FastifyInstance } from 'fastify';
import { BOT_ROUTES, BotCurrentResponse, BotGameView, BotStartRequest, OkResponse } from '@rush/protocol';
import { EmptyBody, typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { BotService } from './service.ts';

/** SPEC 7 startBotGame, abortBotGame, and the current bot game for a reload of /bot-match. */
export function botRoutes(instance: FastifyInstance, bots: BotService): void {
  const app = typed(instance);
  app.post(
    BOT_ROUTES.start,
    { preValidation: signedInFirst, schema: { body: BotStartRequest, response: { 200: BotGameView } } },
    async (request) => bots.start(requireAuth(request).user.id, request.body, request.ip),
  );

  app.post(
    BOT_ROUTES.abort,
    { preValidation: signedInFirst, schema: { body: EmptyBody, response: { 200: OkResponse } } },
    async (request) => {
      await bots.abort(requireAuth(request).user.id);
      return { ok: true as const };
    },
  );

  app.get(
    BOT_ROUTES.current,
    { preValidation: signedInFirst, schema: { response: { 200: BotCurrentResponse } } },
    async (request) => ({ bot: await bots.current(requireAuth(request).user.id) }),
  );
}
