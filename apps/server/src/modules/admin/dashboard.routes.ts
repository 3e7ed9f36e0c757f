import type { FastifyInstance } from 'fastify';
import { fillSeries, resolveDayRange, type DayRange } from '@rush/domain';
import { ADMIN_ROUTES, DashboardQuery, DashboardResponse } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { countOnlineAt, PresenceStore } from '../accounts/index.ts';
import { accountOf, houseExposure, readBalance } from '../wallet/index.ts';
import { adminFirst } from '../audit/index.ts';
import { DASHBOARD_SERIES, DashboardStore } from './dashboard.store.ts';
import { OnlineSampler } from './online-sampler.ts';

/** Every series of the range, zero-filled, in the order of `range.days`. */
async function readSeries(store: DashboardStore, range: DayRange) {
  const rows = await Promise.all(DASHBOARD_SERIES.map((s) => store.perDay(s, range.start, range.endExclusive)));
  return Object.fromEntries(DASHBOARD_SERIES.map((s, i) => [s, fillSeries(range.days, rows[i]!)])) as Record<
    (typeof DASHBOARD_SERIES)[number],
    number[]
  >;
}

const HOUR_MS = 3_600_000;

/** The house's float and exposure against bots (issue 33), from the ledger. */
async function readHouse(db: AppContext['db'], now: Date): Promise<DashboardResponse['house']> {
  const hour = await houseExposure(db, new Date(now.getTime() - HOUR_MS));
  const day = await houseExposure(db, new Date(now.getTime() - 24 * HOUR_MS));
  const float = await readBalance(db, accountOf.house().id);
  return { float: Number(float), atRisk: Number(hour.atRisk), lostHour: Number(hour.lost), lostDay: Number(day.lost) };
}

/**
 * The admin dashboard (issue 12): games, new users, deposits and withdrawals, fee revenue and
 * users online per UTC day over a chosen range, plus the online sampler that feeds the last.
 * The sampler stops with the server (onClose, before the database is closed).
 */
export function registerDashboard(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock' | 'log'>): void {
  const store = new DashboardStore(ctx.db);
  const presence = new PresenceStore(ctx.db);
  const countOnline = (now: Date) => countOnlineAt(presence, now);

  typed(app).get(
    ADMIN_ROUTES.dashboard,
    { preValidation: adminFirst, schema: { querystring: DashboardQuery, response: { 200: DashboardResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = ctx.clock.now();
      const decision = resolveDayRange(request.query, now);
      if (!decision.ok) throw badRequest(decision.message, { [decision.field]: decision.message });
      const [series, onlineNow, house] = await Promise.all([
        readSeries(store, decision.range),
        countOnline(now),
        readHouse(ctx.db, now),
      ]);
      return { days: decision.range.days, ...series, onlineNow, house };
    },
  );

  const sampler = new OnlineSampler({
    clock: ctx.clock,
    countOnline,
    record: (at, online) => store.recordOnline(at, online),
  });
  const jobs = new JobRunner([sampler.job()], ctx.log);
  jobs.start();
  app.addHook('onClose', () => jobs.stop());
}
