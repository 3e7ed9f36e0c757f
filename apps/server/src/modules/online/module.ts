import type { FastifyInstance } from 'fastify';
import { SOCIAL_ROUTES, SOCIAL_TOPICS, type OnlineUsersResponse } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import { OnlineService } from './online.service.ts';

export interface OnlineModule {
  /** Another capability changed something the list shows: republish (debounced). */
  changed(): void;
  service: OnlineService;
  close(): Promise<void>;
}

/**
 * The landing's online users (SPEC 2, 3): a public GET, and the public `online` topic whose
 * snapshot is the same list, so a client that missed events resyncs to the truth.
 */
export function registerOnline(app: FastifyInstance, ctx: AppContext): OnlineModule {
  const service = new OnlineService(ctx.db, ctx.clock, ctx.hub, ctx.log);
  app.get(SOCIAL_ROUTES.online, (): Promise<OnlineUsersResponse> => service.list());
  ctx.hub.registerTopic(SOCIAL_TOPICS.online, { authorize: () => true, snapshot: () => service.list() });
  ctx.hub.addListener(service.listener);
  service.start();
  return { changed: () => service.changed(), service, close: () => service.stop() };
}
