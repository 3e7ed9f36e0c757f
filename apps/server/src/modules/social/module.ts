import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ThrottleStore } from '../accounts/index.ts';
import { FriendsService } from './friends.service.ts';
import { SocialLimiter } from './limits.ts';
import { MessagesService } from './messages.service.ts';
import { registerSocialRealtime } from './realtime.ts';
import { socialRoutes } from './routes.ts';

export interface SocialModule {
  friends: FriendsService;
  messages: MessagesService;
}

/** Friends and the messenger (issue 7, SPEC 2-5): HTTP routes, `user:{uid}` events, typing over the socket. */
export function registerSocial(app: FastifyInstance, ctx: AppContext): SocialModule {
  const { db, clock, hub, log } = ctx;
  const limiter = new SocialLimiter(new ThrottleStore(db), clock);
  const friends = new FriendsService({ db, clock, hub, limiter, log });
  const messages = new MessagesService({ db, clock, hub, limiter, log });
  socialRoutes(app, { friends, messages });
  registerSocialRealtime(hub, { clock, messages });
  return { friends, messages };
}
