import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GAME_MODE_IDS, MATCH_TEXTS, TEXTS, wagerName, type AppStateConfig, type Catalog } from '@rush/domain';
import {
  ADMIN_ROUTES,
  AnnouncementRequest,
  AppEvents,
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
import { parse } from '../../platform/http/parse.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { requireAdmin, type AdminTrail } from '../audit/index.ts';
import { CatalogStore } from './catalog.store.ts';

type WagerRequest = { Params: { currency: string; key: string } };

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
  app: FastifyInstance,
  deps: { db: Db; hub: Pick<RealtimeHub, 'publish'>; log: FastifyBaseLogger; admin: AdminTrail },
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
    const admin = requireAdmin(request);
    const { paused } = parse(PauseRequest, request.body);
    const act = { adminUid: admin.user.id, action: 'app.pause', target: 'app' };
    await change(
      act,
      'app',
      async (s) => ({ paused: (await s.appState()).paused }),
      (s) => s.setPaused(paused),
    );
    return announce(await store().appState());
  });

  write(MATCH_ROUTES.adminAnnouncement, async (request) => {
    const admin = requireAdmin(request);
    const body = parse(AnnouncementRequest, request.body);
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
  });

  write(MATCH_ROUTES.adminModes, async (request) => {
    const admin = requireAdmin(request);
    const { modes } = parse(UpdateModesRequest, request.body);
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
  });

  /** Who changes which wager: checked before the body is read (401/403, then 404, then 400). */
  const wagerTarget = (request: FastifyRequest<WagerRequest>) => ({
    adminUid: requireAdmin(request).user.id,
    ...wagerOf(request),
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

  write(MATCH_ROUTES.adminWagerValue(':currency', ':key'), async (request) => {
    const t = wagerTarget(request);
    const { value } = parse(UpdateWagerValueRequest, request.body);
    return applyWager(t, 'catalog.wagerValue', (ofCurrency) => {
      // A wager is chosen by its value (the wizard's `bet`): two of one currency may not share one.
      if (ofCurrency.some((w) => w.key !== t.key && w.value === value)) {
        throw badRequest(MATCH_TEXTS.wagerValueTaken, { value: MATCH_TEXTS.wagerValueTaken });
      }
      return { value, name: wagerName(t.currency, value) };
    });
  });

  write(MATCH_ROUTES.adminMinRequirement(':currency', ':key'), async (request) => {
    const t = wagerTarget(request);
    const { minRequirement } = parse(UpdateMinRequirementRequest, request.body);
    return applyWager(t, 'catalog.minRequirement', () => ({ minRequirement }));
  });

  // SPEC 2 Game wagers section: a wager's status and provisional flag.
  write(ADMIN_ROUTES.wagerSettings(':currency', ':key'), async (request) => {
    const t = wagerTarget(request);
    const body = parse(UpdateWagerSettingsRequest, request.body);
    const patch = {
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.provisionalStatus !== undefined ? { provisionalStatus: body.provisionalStatus } : {}),
    };
    return applyWager(t, 'catalog.wagerSettings', () => patch);
  });
}
