import type { FastifyInstance } from 'fastify';
import { BOT_ROUTES, BotStartRequest, type BotCurrentResponse, type BotGameView } from '@rush/protocol';
import { z } from 'zod';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from '../accounts/index.ts';
import type { BotService } from './service.ts';

const Empty = z.object({}).strict().optional();

/** SPEC 7 startBotGame, abortBotGame, and the current bot game for a reload of /bot-match. */
export function botRoutes(app: FastifyInstance, bots: BotService): void {
  app.post(BOT_ROUTES.start, async (request): Promise<BotGameView> => {
    const auth = requireAuth(request);
    return bots.start(auth.user.id, parse(BotStartRequest, request.body), request.ip);
  });

  app.post(BOT_ROUTES.abort, async (request): Promise<{ ok: true }> => {
    const auth = requireAuth(request);
    parse(Empty, request.body);
    await bots.abort(auth.user.id);
    return { ok: true };
  });

  app.get(BOT_ROUTES.current, async (request): Promise<BotCurrentResponse> => {
    const auth = requireAuth(request);
    return { bot: await bots.current(auth.user.id) };
  });
}
