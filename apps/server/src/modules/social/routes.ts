import type { FastifyInstance } from 'fastify';
import { SOCIAL_TEXTS } from '@rush/domain';
import {
  ConversationsResponse,
  FriendsResponse,
  InviteFriendRequest,
  MarkReadRequest,
  MarkReadResponse,
  MessagesQuery,
  MessagesResponse,
  OkResponse,
  SOCIAL_ROUTES,
  SendMessageRequest,
  SendMessageResponse,
} from '@rush/protocol';
import { z } from 'zod';
import { EmptyBody, typed } from '../../platform/http/typed-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { FriendsService } from './friends.service.ts';
import type { MessagesService } from './messages.service.ts';

/** Checked by the handler (404 below), not by the schema: a bad id names nobody. */
const UidParams = z.object({ uid: z.string() });

/** User ids are UUIDs; anything else in the path names nobody (and never reaches SQL). */
const UID = /^[A-Za-z0-9-]{1,64}$/;
const friendUid = (raw: string): string => {
  if (!UID.test(raw)) throw notFound(SOCIAL_TEXTS.unknownUser);
  return raw;
};

/** SPEC 7 MESSENGER calls over HTTP (protocol SOCIAL_ROUTES). */
export function socialRoutes(
  instance: FastifyInstance,
  deps: { friends: FriendsService; messages: MessagesService },
): void {
  const app = typed(instance);
  const { friends, messages } = deps;

  app.get(
    SOCIAL_ROUTES.friends,
    { preValidation: signedInFirst, schema: { response: { 200: FriendsResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return friends.list(auth.user.id);
    },
  );

  app.post(
    SOCIAL_ROUTES.invite,
    { preValidation: signedInFirst, schema: { body: InviteFriendRequest, response: { 200: FriendsResponse } } },
    async (request) => friends.invite(requireAuth(request).user.id, request.body.username),
  );

  const uidAction = { preValidation: signedInFirst, schema: { params: UidParams, body: EmptyBody } } as const;
  for (const [route, act] of [
    [SOCIAL_ROUTES.accept(':uid'), 'accept'],
    [SOCIAL_ROUTES.cancel(':uid'), 'cancel'],
    [SOCIAL_ROUTES.remove(':uid'), 'delete'],
  ] as const) {
    app.post(
      route,
      { ...uidAction, schema: { ...uidAction.schema, response: { 200: FriendsResponse } } },
      async (request) => friends.act(requireAuth(request).user.id, friendUid(request.params.uid), act),
    );
  }
  app.post(
    SOCIAL_ROUTES.deleteChat(':uid'),
    { ...uidAction, schema: { ...uidAction.schema, response: { 200: OkResponse } } },
    async (request) => messages.deleteChat(requireAuth(request).user.id, friendUid(request.params.uid)),
  );

  app.get(
    SOCIAL_ROUTES.conversations,
    { preValidation: signedInFirst, schema: { response: { 200: ConversationsResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return messages.conversations(auth.user.id);
    },
  );

  app.get(
    SOCIAL_ROUTES.conversation(':uid'),
    {
      preValidation: signedInFirst,
      schema: { params: UidParams, querystring: MessagesQuery, response: { 200: MessagesResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return messages.conversation(auth.user.id, friendUid(request.params.uid), request.query.before);
    },
  );

  app.post(
    SOCIAL_ROUTES.conversation(':uid'),
    {
      preValidation: signedInFirst,
      schema: { params: UidParams, body: SendMessageRequest, response: { 200: SendMessageResponse } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { message: await messages.send(auth.user.id, friendUid(request.params.uid), request.body.message) };
    },
  );

  app.post(
    SOCIAL_ROUTES.read(':uid'),
    {
      preValidation: signedInFirst,
      schema: { params: UidParams, body: MarkReadRequest, response: { 200: MarkReadResponse } },
    },
    async (request) =>
      messages.markRead(requireAuth(request).user.id, friendUid(request.params.uid), request.body.messageId),
  );
}
