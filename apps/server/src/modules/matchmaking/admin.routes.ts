import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GAME_MODE_IDS, MATCH_TEXTS, TEXTS, wagerName, type AppStateConfig, type Catalog } from '@rush/domain';
import {
  ADMIN_ROUTES,
  AnnouncementRequest,
  AppEvents,
  AppStateView,
  CatalogResponse,
  CurrencySchema,
  MATCH_ROUTES,
  PauseRequest,
  TOPICS,
  UpdateMinRequirementRequest,
  UpdateModesRequest,
  UpdateWagerSettingsRequest,
  UpdateWagerValueRequest,
} from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { adminFirst, requireAdmin, type AdminTrail } from '../audit/index.ts';
import { CatalogStore } from './catalog.store.ts';

/** Checked by `wagerFirst` (404), not by the schema (400). */
const WagerParams = z.object({ currency: z.string(), key: z.string() });
/** PUT or POST: the console may use either (the SPEC names the operations, not the verbs). */
const WRITE: ['PUT', 'POST'] = ['PUT', 'POST'];

/** A wager as the audit log keeps it. */
const wagerState = (catalog: Catalog, currency: string, key: string) =>
  catalog.wagers.find((w) => w.currency === currency && w.key === key) ?? null;

/**
 * The catalogue and app state: public reads, admin writes (SPEC 7 ADMIN pauseNewGames,
 * updateAnnouncement, updateGameModes, updateGameWagers, updateMinMatchesRequirement). Every
 * app state change goes out on the `app` topic as `app.state`. Every admin write is recorded in
 * the audit log in its own transaction and announced to the consoles (`admin.changed`).
 *
 * The catalogue has no event of its own: the wizard asks the server for its options (the
 * catalogue as this user may use it) at every step, so a changed wager or mode reaches the next
 * step at once; the catalogue read itself refreshes within a minute.
 */
export function catalogRoutes(
  instance: FastifyInstance,
  deps: { db: Db; hub: Pick<RealtimeHub, 'publish'>; log: FastifyBaseLogger; admin: AdminTrail },
): void {
  const app = typed(instance);
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

  /** One admin change of the catalogue or app state: the write and its audit row in one transaction. */
  const change = async <T>(
    act: { adminUid: string; action: string; target: string },
    section: 'app' | 'catalog',
    read: (s: CatalogStore) => Promise<unknown>,
    write: (s: CatalogStore) => Promise<T>,
  ): Promise<T> => {
    const result = await inTx(deps.db, async (tx) => {
      const s = new CatalogStore(tx);
      const before = await read(s);
      const out = await write(s);
      await deps.admin.audit.record(tx, act, { before, after: await read(s) });
      return out;
    });
    await deps.admin.changes.publish([section]);
    return result;
  };

  app.get(MATCH_ROUTES.catalog, { schema: { response: { 200: CatalogResponse } } }, async () => store().catalog());
  app.get(MATCH_ROUTES.appState, { schema: { response: { 200: AppStateView } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return store().appState();
  });

  app.route({
    method: WRITE,
    url: MATCH_ROUTES.adminPause,
    preValidation: adminFirst,
    schema: { body: PauseRequest, response: { 200: AppStateView } },
    handler: async (request) => {
      const admin = requireAdmin(request);
      const act = { adminUid: admin.user.id, action: 'app.pause', target: 'app' };
      await change(
        act,
        'app',
        async (s) => ({ paused: (await s.appState()).paused }),
        (s) => s.setPaused(request.body.paused),
      );
      return announce(await store().appState());
    },
  });

  app.route({
    method: WRITE,
    url: MATCH_ROUTES.adminAnnouncement,
    preValidation: adminFirst,
    schema: { body: AnnouncementRequest, response: { 200: AppStateView } },
    handler: async (request) => {
      const admin = requireAdmin(request);
      const body = request.body;
      if (body.returnTime !== null && Number.isNaN(Date.parse(body.returnTime))) {
        throw badRequest(TEXTS.badRequest, { returnTime: TEXTS.badRequest });
      }
      const act = { adminUid: admin.user.id, action: 'app.announcement', target: 'app' };
      await change(
        act,
        'app',
        async (s) => (await s.appState()).announcement,
        (s) => s.setAnnouncement(body),
      );
      return announce(await store().appState());
    },
  });

  app.route({
    method: WRITE,
    url: MATCH_ROUTES.adminModes,
    preValidation: adminFirst,
    schema: { body: UpdateModesRequest, response: { 200: CatalogResponse } },
    handler: async (request) => {
      const admin = requireAdmin(request);
      const { modes } = request.body;
      const ids = new Set(modes.map((m) => m.id));
      // The whole object: every mode exactly once.
      if (ids.size !== modes.length || ids.size !== GAME_MODE_IDS.length)
        throw badRequest(TEXTS.badRequest, { modes: TEXTS.badRequest });
      const act = { adminUid: admin.user.id, action: 'catalog.modes', target: 'modes' };
      await change(
        act,
        'catalog',
        async (s) => (await s.catalog()).modes,
        (s) => s.replaceModes(modes),
      );
      return store().catalog();
    },
  });

  /** Who changes which wager: the admin (401/403), then the wager's shape (404), before the body (400). */
  const wagerTarget = (request: FastifyRequest) => ({
    adminUid: requireAdmin(request).user.id,
    ...wagerOf(request as FastifyRequest<{ Params: z.infer<typeof WagerParams> }>),
  });
  const wagerFirst = (request: FastifyRequest): Promise<void> =>
    Promise.resolve().then(() => {
      wagerTarget(request);
    });

  /** A change of one wager (value, min requirement, settings); 404 when there is no such wager. */
  const applyWager = async (
    t: ReturnType<typeof wagerTarget>,
    action: string,
    patch: (ofCurrency: Catalog['wagers']) => Parameters<CatalogStore['setWager']>[2],
  ) => {
    await change(
      { adminUid: t.adminUid, action, target: `${t.currency}/${t.key}` },
      'catalog',
      async (s) => wagerState(await s.catalog(), t.currency, t.key),
      async (s) => {
        const ofCurrency = (await s.catalog()).wagers.filter((w) => w.currency === t.currency);
        if (!ofCurrency.some((w) => w.key === t.key)) throw notFound();
        if (!(await s.setWager(t.currency, t.key, patch(ofCurrency)))) throw notFound();
      },
    );
    return store().catalog();
  };
  const wager = { method: WRITE, preValidation: wagerFirst } as const;

  app.route({
    ...wager,
    url: MATCH_ROUTES.adminWagerValue(':currency', ':key'),
    schema: { params: WagerParams, body: UpdateWagerValueRequest, response: { 200: CatalogResponse } },
    handler: async (request) => {
      const t = wagerTarget(request);
      const { value } = request.body;
      return applyWager(t, 'catalog.wagerValue', (ofCurrency) => {
        // A wager is chosen by its value (the wizard's `bet`): two of one currency may not share one.
        if (ofCurrency.some((w) => w.key !== t.key && w.value === value)) {
          throw badRequest(MATCH_TEXTS.wagerValueTaken, { value: MATCH_TEXTS.wagerValueTaken });
        }
        return { value, name: wagerName(t.currency, value) };
      });
    },
  });

  app.route({
    ...wager,
    url: MATCH_ROUTES.adminMinRequirement(':currency', ':key'),
    schema: { params: WagerParams, body: UpdateMinRequirementRequest, response: { 200: CatalogResponse } },
    handler: async (request) => {
      const t = wagerTarget(request);
      const { minRequirement } = request.body;
      return applyWager(t, 'catalog.minRequirement', () => ({ minRequirement }));
    },
  });

  // SPEC 2 Game wagers section: a wager's status and provisional flag.
  app.route({
    ...wager,
    url: ADMIN_ROUTES.wagerSettings(':currency', ':key'),
    schema: { params: WagerParams, body: UpdateWagerSettingsRequest, response: { 200: CatalogResponse } },
    handler: async (request) => {
      const t = wagerTarget(request);
      const body = request.body;
      const patch = {
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.provisionalStatus !== undefined ? { provisionalStatus: body.provisionalStatus } : {}),
      };
      return applyWager(t, 'catalog.wagerSettings', () => patch);
    },
  });
}
