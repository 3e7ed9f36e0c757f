import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GAME_MODE_IDS, MATCH_TEXTS, TEXTS, wagerName, type AppStateConfig } from '@rush/domain';
import {
  AnnouncementRequest,
  AppEvents,
  CurrencySchema,
  MATCH_ROUTES,
  PauseRequest,
  TOPICS,
  UpdateMinRequirementRequest,
  UpdateModesRequest,
  UpdateWagerValueRequest,
} from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { requireAdmin } from '../admin/index.ts';
import { CatalogStore } from './catalog.store.ts';

type WagerRequest = { Params: { currency: string; key: string } };

/**
 * The catalogue and app state: public reads, admin writes (SPEC 7 ADMIN pauseNewGames,
 * updateAnnouncement, updateGameModes, updateGameWagers, updateMinMatchesRequirement). Every
 * app state change goes out on the `app` topic as `app.state`.
 */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { db: Db; hub: Pick<RealtimeHub, 'publish'>; log: FastifyBaseLogger },
): void {
  const store = () => new CatalogStore(deps.db);
  const announce = async (state: AppStateConfig) => {
    try {
      await deps.hub.publish(TOPICS.app, AppEvents.state, state);
    } catch (err) {
      deps.log.error({ err }, 'app state not published');
    }
    return state;
  };
  const wagerOf = (request: { params: { currency: string; key: string } }) => {
    const currency = CurrencySchema.safeParse(request.params.currency);
    if (!currency.success || !/^[a-z0-9_]{1,32}$/.test(request.params.key)) throw notFound();
    return { currency: currency.data, key: request.params.key };
  };

  app.get(MATCH_ROUTES.catalog, async () => store().catalog());
  app.get(MATCH_ROUTES.appState, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return store().appState();
  });

  // PUT or POST: the console may use either (the SPEC names the operations, not the verbs).
  const write = (url: string, handler: (request: FastifyRequest<WagerRequest>) => Promise<unknown>) => {
    app.put<WagerRequest>(url, handler);
    app.post<WagerRequest>(url, handler);
  };

  write(MATCH_ROUTES.adminPause, async (request) => {
    requireAdmin(request);
    const { paused } = parse(PauseRequest, request.body);
    await store().setPaused(paused);
    return announce(await store().appState());
  });

  write(MATCH_ROUTES.adminAnnouncement, async (request) => {
    requireAdmin(request);
    const body = parse(AnnouncementRequest, request.body);
    if (body.returnTime !== null && Number.isNaN(Date.parse(body.returnTime))) {
      throw badRequest(TEXTS.badRequest, { returnTime: TEXTS.badRequest });
    }
    await store().setAnnouncement(body);
    return announce(await store().appState());
  });

  write(MATCH_ROUTES.adminModes, async (request) => {
    requireAdmin(request);
    const { modes } = parse(UpdateModesRequest, request.body);
    const ids = new Set(modes.map((m) => m.id));
    // The whole object: every mode exactly once.
    if (ids.size !== modes.length || ids.size !== GAME_MODE_IDS.length)
      throw badRequest(TEXTS.badRequest, { modes: TEXTS.badRequest });
    await store().replaceModes(modes);
    return store().catalog();
  });

  write(MATCH_ROUTES.adminWagerValue(':currency', ':key'), async (request) => {
    requireAdmin(request);
    const { currency, key } = wagerOf(request);
    const { value } = parse(UpdateWagerValueRequest, request.body);
    // A wager is chosen by its value (the wizard's `bet`): two of one currency may not share one.
    const ofCurrency = (await store().catalog()).wagers.filter((w) => w.currency === currency);
    if (!ofCurrency.some((w) => w.key === key)) throw notFound();
    if (ofCurrency.some((w) => w.key !== key && w.value === value)) {
      throw badRequest(MATCH_TEXTS.wagerValueTaken, { value: MATCH_TEXTS.wagerValueTaken });
    }
    if (!(await store().setWager(currency, key, { value, name: wagerName(currency, value) }))) throw notFound();
    return store().catalog();
  });

  write(MATCH_ROUTES.adminMinRequirement(':currency', ':key'), async (request) => {
    requireAdmin(request);
    const { currency, key } = wagerOf(request);
    const { minRequirement } = parse(UpdateMinRequirementRequest, request.body);
    if (!(await store().setWager(currency, key, { minRequirement }))) throw notFound();
    return store().catalog();
  });
}
