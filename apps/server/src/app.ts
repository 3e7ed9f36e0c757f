import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { Config } from './config.ts';
import type { Clock } from './platform/clock.ts';
import { pingDatabase, type Database } from './platform/db/database.ts';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { createBus } from './platform/realtime/bus.ts';
import { createHub } from './platform/realtime/hub.ts';
import { closeCountersConnection, createCountersConnection } from './platform/realtime/redis-counters.ts';
import { RedisRateCounter } from './platform/realtime/rate-counter.ts';
import { RedisUserSockets, USER_SOCKETS_REDIS_PREFIX } from './platform/realtime/user-sockets.ts';
import { scaledRates } from './platform/realtime/socket-rates.ts';
import { SOCKET_RATE_REDIS_PREFIX } from './platform/http/rate-limit.ts';
import type { AppContext } from './platform/context.ts';
import { installErrorHandler } from './platform/http/error-handler.ts';
import { installRouteSchemas } from './platform/http/typed-routes.ts';
import { installOpenApi, serveOpenApi } from './platform/http/openapi.ts';
import { installJsonBodyParser } from './platform/http/json-body.ts';
import { installControlCharGuard } from './platform/http/control-chars.ts';
import { installCsrf } from './platform/http/csrf.ts';
import { contentSecurityDirectives } from './platform/http/csp.ts';
import { installRateLimit } from './platform/http/rate-limit.ts';
import { collectRoutes, type RouteEntry } from './platform/http/route-table.ts';
import { installStatic } from './platform/http/static.ts';
import { installCompression } from './platform/http/compression.ts';
import { installHealth } from './platform/http/health.ts';
import { createMetrics } from './platform/http/metrics.ts';
import type { Registry } from 'prom-client';
import { registerModules, type Modules } from './modules/index.ts';
import { chooseEngine, EnginePool, EngineService } from './modules/engine/index.ts';

export interface ServerOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Tests pass a capturing mailer; otherwise SMTP_URL decides. */
  mailer?: Mailer;
  /** Tests silence the log. */
  logger?: boolean;
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every registered route (method and pattern). */
  routes: readonly RouteEntry[];
  /** Prometheus metrics of this instance (served on METRICS_PORT by main.ts). */
  metrics: Registry;
  close(): Promise<void>;
}

/**
 * The composition root: builds the whole server (the platform's HTTP and realtime pieces, then
 * every module) on an open database; does not listen. `platform/` depends on nothing above it.
 */
export async function buildServer(opts: ServerOptions): Promise<RunningServer> {
  const { config, database, clock } = opts;
  // Which engine first, before anything opens: a STOCKFISH_PATH naming nothing stops the start (EngineConfigError).
  const engineChoice = chooseEngine(config.engine.stockfishPath);
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // One log line per request only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.log.info({ engine: engineChoice.name, source: engineChoice.source }, 'chess engine');
  installErrorHandler(app);
  installRouteSchemas(app);
  installJsonBodyParser(app);
  const routes = collectRoutes(app);
  await installOpenApi(app);
  if (config.apiDocs) serveOpenApi(app);

  await app.register(cookie);
  await installCompression(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(config),
    },
    // Cross-origin isolation headers would block the payment iframe of a later issue.
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });
  await installRateLimit(app, config);
  installCsrf(app, { appOrigin: config.appOrigin, secure: config.cookieSecure });
  installControlCharGuard(app);

  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.resolve(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const bus = await createBus(config.redisUrl, { log: app.log });
  // Issue 33: the users' socket budgets count in Redis with REDIS_URL (as the API limit's do),
  // so a second instance does not double anyone's budget.
  const socketCounters = config.redisUrl ? createCountersConnection(config.redisUrl, app.log) : undefined;
  const hub = createHub({
    bus,
    log: app.log,
    appOrigin: config.appOrigin,
    rates: scaledRates(config.socketLimits.rateMultiplier),
    ...(socketCounters ? { sharedRateCounter: new RedisRateCounter(socketCounters, SOCKET_RATE_REDIS_PREFIX) } : {}),
    socketsPerUser: config.socketLimits.socketsPerUser,
    ...(socketCounters ? { userSockets: new RedisUserSockets(socketCounters, USER_SOCKETS_REDIS_PREFIX) } : {}),
    now: () => clock.now().getTime(),
  });

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock,
    mailer,
    hub,
    log: app.log,
  };

  let closed = false;
  installHealth(app, {
    databaseKind: database.kind,
    draining: () => closed,
    checks: [
      { name: 'database', check: () => pingDatabase(database.db) },
      { name: 'redis', check: bus.reachable ? () => bus.reachable?.() ?? Promise.resolve() : null },
    ],
  });
  // Stockfish processes start on the first search, so a server that plays no bot runs none.
  const engine = new EngineService(
    new EnginePool({
      command: { ...engineChoice.command, nice: config.engine.nice },
      size: config.engine.poolSize,
      queueMax: config.engine.queueMax,
      log: app.log,
    }),
  );
  // Before the routes, so its request hook counts every one of them; the module figures are read
  // at each scrape, once the modules exist.
  let figures: Modules['figures'] | null = null;
  const metrics = createMetrics(app, {
    sockets: () => hub.stats().connections,
    socketLimits: () => hub.stats(),
    liveFigures: () => figures?.liveFigures() ?? Promise.resolve({ liveGames: 0, sweeperLagMs: 0 }),
    lastReconciliation: () => figures?.lastReconciliation() ?? Promise.resolve(null),
  });
  const modules = await registerModules(app, ctx, { engine });
  figures = modules.figures;
  await app.register(hub.plugin({ authenticate: modules.authenticateSocket }));
  await installStatic(app, config.webDist);
  await app.ready();

  return {
    app,
    ctx,
    routes,
    metrics,
    async close() {
      if (closed) return;
      closed = true;
      // Sockets first, so disconnect listeners (presence) still find their modules running.
      await hub.close();
      // Engines first: a search in flight fails at once and its bot move is left to the sweep of
      // whichever instance runs next, instead of holding the shutdown for a whole search.
      await engine.close();
      await modules.close();
      await app.close();
      await bus.close();
      if (socketCounters) await closeCountersConnection(socketCounters);
    },
  };
}
