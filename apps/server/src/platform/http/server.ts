import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { outboxMailer, smtpMailer, type Mailer } from '../mail/mailer.ts';
import { createBus } from '../realtime/bus.ts';
import { createHub } from '../realtime/hub.ts';
import type { AppContext } from '../context.ts';
import { installErrorHandler } from './error-handler.ts';
import { installCsrf } from './csrf.ts';
import { installStatic } from './static.ts';
import { registerModules } from '../../modules/index.ts';

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
  close(): Promise<void>;
}

/** Builds the whole server (HTTP, realtime, modules) on an open database; does not listen. */
export async function buildServer(opts: ServerOptions): Promise<RunningServer> {
  const { config, database, clock } = opts;
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
  installErrorHandler(app);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", config.appOrigin.replace(/^http/, 'ws')],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    // Cross-origin isolation headers would block the payment iframe of a later issue.
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (req) => req.url === '/healthz',
  });
  installCsrf(app, { appOrigin: config.appOrigin, secure: config.cookieSecure });

  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(path.resolve(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const bus = await createBus(config.redisUrl, { log: app.log });
  const hub = createHub({ bus, log: app.log, appOrigin: config.appOrigin });

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock,
    mailer,
    hub,
    log: app.log,
  };

  app.get('/healthz', () => ({ status: 'ok', database: database.kind }));
  const modules = await registerModules(app, ctx);
  await app.register(hub.plugin({ authenticate: modules.authenticateSocket }));
  await installStatic(app, config.webDist);
  await app.ready();

  let closed = false;
  return {
    app,
    ctx,
    async close() {
      if (closed) return;
      closed = true;
      // Sockets first, so disconnect listeners (presence) still find their modules running.
      await hub.close();
      await modules.close();
      await app.close();
      await bus.close();
    },
  };
}
