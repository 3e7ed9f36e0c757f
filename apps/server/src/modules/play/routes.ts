import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AcceptInvitationResponse,
  CreateInvitationRequest,
  CurrentGameResponse,
  GameView,
  HistoryQuery,
  HistoryResponse,
  InvitationView,
  InvitationsResponse,
  LichessLinkCallbackRequest,
  LichessLinkStartRequest,
  LichessLinkStartResponse,
  LichessLinkStatusResponse,
  LinkChessRequest,
  LinkChessResponse,
  PLAY_ROUTES,
  RatingsResponse,
} from '@rush/protocol';
import { PLAY_TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { bodyOrEmpty, typed } from '../../platform/http/typed-routes.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import type { InvitationService } from './invitations.service.ts';
import type { LichessLinkPort, LinkService } from './link.service.ts';
import type { RatingsReader } from './ratings.service.ts';
import type { PlayService } from './service.ts';

/** Ids in paths: public game/invitation ids and user UUIDs; anything else is not worth a query. */
const IdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const PgnQuery = z.object({ download: z.enum(['0', '1']).optional() });

export interface PlayRouteDeps {
  play: PlayService;
  link: LinkService;
  /** Present with CHESS_PLATFORM=lichess, where it replaces the built-in link. */
  lichessLink: LichessLinkPort | null;
  ratings: RatingsReader;
  invitations: InvitationService;
}

const signedIn = { preValidation: signedInFirst };

/** The play capability's HTTP routes (protocol PLAY_ROUTES). */
export function playRoutes(instance: FastifyInstance, d: PlayRouteDeps): void {
  const app = typed(instance);
  app.get(
    PLAY_ROUTES.current,
    { ...signedIn, schema: { response: { 200: CurrentGameResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return { game: await d.play.current(auth.user.id) };
    },
  );

  app.get(
    PLAY_ROUTES.game(':id'),
    { schema: { params: IdParam, response: { 200: GameView } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return d.play.game(request.params.id, request.auth?.user.id ?? null);
    },
  );

  // PGN text, not JSON: no response schema.
  app.get(
    PLAY_ROUTES.pgn(':id'),
    { schema: { params: IdParam, querystring: PgnQuery } },
    async (request, reply): Promise<string> => {
      const { id } = request.params;
      const pgn = await d.play.pgn(id);
      reply.type('application/x-chess-pgn; charset=utf-8');
      if (request.query.download === '1') reply.header('content-disposition', `attachment; filename="game-${id}.pgn"`);
      return pgn;
    },
  );

  app.get(
    PLAY_ROUTES.history,
    { ...signedIn, schema: { querystring: HistoryQuery, response: { 200: HistoryResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return d.play.history(auth.user.id, request.query.page, request.query.currency);
    },
  );

  app.post(
    PLAY_ROUTES.link,
    { ...signedIn, schema: { body: bodyOrEmpty(LinkChessRequest), response: { 200: LinkChessResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      if (d.lichessLink) throw new AppError('CONFLICT', PLAY_TEXTS.lichessOnly);
      return d.link.link(auth.user.id, auth.user.username);
    },
  );

  app.get(
    PLAY_ROUTES.lichessStatus,
    { ...signedIn, schema: { response: { 200: LichessLinkStatusResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
      reply.header('cache-control', 'no-store');
      return d.lichessLink.status(auth.user.id);
    },
  );

  app.post(
    PLAY_ROUTES.lichessStart,
    {
      ...signedIn,
      schema: { body: bodyOrEmpty(LichessLinkStartRequest), response: { 200: LichessLinkStartResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
      reply.header('cache-control', 'no-store');
      return d.lichessLink.start(auth.user.id);
    },
  );

  app.post(
    PLAY_ROUTES.lichessCallback,
    { ...signedIn, schema: { body: bodyOrEmpty(LichessLinkCallbackRequest), response: { 200: LinkChessResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
      return d.lichessLink.callback(auth.user.id, request.body);
    },
  );

  app.get(
    PLAY_ROUTES.ratings(':id'),
    { schema: { params: IdParam, response: { 200: RatingsResponse } } },
    async (request) => d.ratings.of(request.params.id),
  );

  app.get(
    PLAY_ROUTES.invitations,
    { ...signedIn, schema: { response: { 200: InvitationsResponse } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return d.invitations.list(auth.user.id);
    },
  );

  app.post(
    PLAY_ROUTES.invitations,
    { ...signedIn, schema: { body: CreateInvitationRequest, response: { 200: InvitationView } } },
    async (request) => d.invitations.create(requireAuth(request).user.id, request.body),
  );

  app.post(
    PLAY_ROUTES.acceptInvitation(':id'),
    { ...signedIn, schema: { params: IdParam, response: { 200: AcceptInvitationResponse } } },
    async (request) => d.invitations.accept(requireAuth(request).user.id, request.params.id),
  );

  app.post(
    PLAY_ROUTES.declineInvitation(':id'),
    { ...signedIn, schema: { params: IdParam, response: { 200: InvitationView } } },
    async (request) => d.invitations.decline(requireAuth(request).user.id, request.params.id),
  );

  app.post(
    PLAY_ROUTES.cancelInvitation(':id'),
    { ...signedIn, schema: { params: IdParam, response: { 200: InvitationView } } },
    async (request) => d.invitations.cancel(requireAuth(request).user.id, request.params.id),
  );
}
