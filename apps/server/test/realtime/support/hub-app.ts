import Fastify, { type FastifyInstance } from 'fastify';
import { REALTIME_PATH } from '@rush/protocol';
import { createHub, type Hub, type HubOptions } from '../../../src/platform/realtime/hub.ts';
import { scaledRates } from '../../../src/platform/realtime/socket-rates.ts';
import { createInProcessBus } from '../../../src/platform/realtime/in-process-bus.ts';
import type { EventBus, SocketAuthenticator } from '../../../src/platform/realtime/types.ts';

/** Every hub-level test app allows this Origin (the real server uses config.appOrigin). */
export const ORIGIN = 'http://rush.test';

/** Test cookie: `sid=<userId>.<sessionPublicId>`; anything else is anonymous. */
export const fakeAuthenticate: SocketAuthenticator = (cookie) => {
  const m = /(?:^|;\s*)sid=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)/.exec(cookie ?? '');
  return Promise.resolve(m ? { userId: m[1]!, sessionPublicId: m[2]! } : null);
};
export const sessionCookie = (userId: string, sessionId: string) => `sid=${userId}.${sessionId}`;

export interface HubApp {
  app: FastifyInstance;
  hub: Hub;
  bus: EventBus;
  url: string;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The hub mounted the way server.ts mounts it (same websocket plugin options), in a bare
 * Fastify app with a fake authenticator: the hub-level tests need nothing else.
 */
export async function startHubApp(
  opts: {
    bus?: EventBus;
    authenticate?: SocketAuthenticator;
    hub?: Partial<HubOptions>;
    /** Where the app's JSON log lines go (at `debug`); silent when absent. */
    logTo?: { write(line: string): void };
  } = {},
): Promise<HubApp> {
  const bus = opts.bus ?? createInProcessBus();
  const app = Fastify({ logger: opts.logTo ? { level: 'debug', stream: opts.logTo } : false });
  // The hub tests send far more commands than people do; the socket rates have their own tests
  // (hub-rates.test.ts), which pass the product's numbers.
  const hub = createHub({ bus, log: app.log, appOrigin: ORIGIN, rates: scaledRates(1000), ...opts.hub });
  app.get('/healthz', (_req, reply) => reply.send({ status: 'ok' }));
  await app.register(hub.plugin({ authenticate: opts.authenticate ?? fakeAuthenticate }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    hub,
    bus,
    baseUrl,
    url: `ws://127.0.0.1:${port}${REALTIME_PATH}`,
    async stop() {
      await hub.close();
      await app.close();
      await bus.close();
    },
  };
}

export { eventually } from '../../support/eventually.ts';
