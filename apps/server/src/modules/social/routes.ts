import type { FastifyInstance } from 'fastify';
import { SOCIAL_TEXTS } from '@rush/domain';
import { InviteFriendRequest, MarkReadRequest, MessagesQuery, SOCIAL_ROUTES, SendMessageRequest } from '@rush/protocol';
import { z } from 'zod';
import { parse } from '../../platform/http/parse.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAuth } from '../accounts/index.ts';
import type { FriendsService } from './friends.service.ts';
import type { MessagesService } from './messages.service.ts';

type UidRequest = { Params: { uid: string } };
const Empty = z.object({}).strict().optional();

/** User ids are UUIDs; anything else in the path names nobody (and never reaches SQL). */
const UID = /^[A-Za-z0-9-]{1,64}$/;
const friendUid = (raw: string): string => {
  if (!UID.test(raw)) throw notFound(SOCIAL_TEXTS.unknownUser);
  return raw;
};

/** SPEC 7 MESSENGER calls over HTTP (protocol SOCIAL_ROUTES). */
export function socialRoutes(app: FastifyInstance, deps: { friends: FriendsService; messages: MessagesService }): void {
  const { friends, messages } = deps;

  app.get(SOCIAL_ROUTES.friends, async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return friends.list(auth.user.id);
  });

  app.post(SOCIAL_ROUTES.invite, async (request) => {
    const auth = requireAuth(request);
    return friends.invite(auth.user.id, parse(InviteFriendRequest, request.body).username);
  });

  const action = (route: string, run: (me: string, other: string) => Promise<unknown>) =>
    app.post<UidRequest>(route, async (request) => {
      const auth = requireAuth(request);
      parse(Empty, request.body ?? undefined);
      return run(auth.user.id, friendUid(request.params.uid));
    });
  action(SOCIAL_ROUTES.accept(':uid'), (me, other) => friends.act(me, other, 'accept'));
  action(SOCIAL_ROUTES.cancel(':uid'), (me, other) => friends.act(me, other, 'cancel'));
  action(SOCIAL_ROUTES.remove(':uid'), (me, other) => friends.act(me, other, 'delete'));
  action(SOCIAL_ROUTES.deleteChat(':uid'), (me, other) => messages.deleteChat(me, other));

  app.get(SOCIAL_ROUTES.conversations, async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return messages.conversations(auth.user.id);
  });

  app.get<UidRequest>(SOCIAL_ROUTES.conversation(':uid'), async (request, reply) => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    const query = parse(MessagesQuery, request.query);
    return messages.conversation(auth.user.id, friendUid(request.params.uid), query.before);
  });

  app.post<UidRequest>(SOCIAL_ROUTES.conversation(':uid'), async (request) => {
    const auth = requireAuth(request);
    const body = parse(SendMessageRequest, request.body);
    return { message: await messages.send(auth.user.id, friendUid(request.params.uid), body.message) };
  });

  app.post<UidRequest>(SOCIAL_ROUTES.read(':uid'), async (request) => {
    const auth = requireAuth(request);
    const body = parse(MarkReadRequest, request.body);
    return messages.markRead(auth.user.id, friendUid(request.params.uid), body.messageId);
  });
}
