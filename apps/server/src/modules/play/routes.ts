import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateInvitationRequest,
  HistoryQuery,
  LichessLinkCallbackRequest,
  LichessLinkStartRequest,
  LinkChessRequest,
  PLAY_ROUTES,
  type CurrentGameResponse,
  type GameView,
  type HistoryResponse,
  type InvitationView,
  type InvitationsResponse,
  type LichessLinkStartResponse,
  type LichessLinkStatusResponse,
  type LinkChessResponse,
  type RatingsResponse,
} from '@rush/protocol';
import { PLAY_TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { parse } from '../../platform/http/parse.ts';
import { requireAuth } from '../accounts/index.ts';
import type { InvitationService } from './invitations.service.ts';
import type { LichessLinkService } from './lichess-link.service.ts';
import type { LinkService } from './link.service.ts';
import type { RatingsReader } from './ratings.service.ts';
import type { PlayService } from './service.ts';

/** Ids in paths: public game/invitation ids and user UUIDs; anything else is not worth a query. */
const IdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const PgnQuery = z.object({ download: z.enum(['0', '1']).optional() });

export interface PlayRouteDeps {
  play: PlayService;
  link: LinkService;
  /** Present with CHESS_PLATFORM=lichess, where it replaces the built-in link. */
  lichessLink: LichessLinkService | null;
  ratings: RatingsReader;
  invitations: InvitationService;
}

/** The play capability's HTTP routes (protocol PLAY_ROUTES). */
export function playRoutes(app: FastifyInstance, d: PlayRouteDeps): void {
  app.get(PLAY_ROUTES.current, async (request, reply): Promise<CurrentGameResponse> => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return { game: await d.play.current(auth.user.id) };
  });

  app.get(PLAY_ROUTES.game(':id'), async (request, reply): Promise<GameView> => {
    const { id } = parse(IdParam, request.params);
    reply.header('cache-control', 'no-store');
    return d.play.game(id, request.auth?.user.id ?? null);
  });

  app.get(PLAY_ROUTES.pgn(':id'), async (request, reply): Promise<string> => {
    const { id } = parse(IdParam, request.params);
    const { download } = parse(PgnQuery, request.query);
    const pgn = await d.play.pgn(id);
    reply.type('application/x-chess-pgn; charset=utf-8');
    if (download === '1') reply.header('content-disposition', `attachment; filename="game-${id}.pgn"`);
    return pgn;
  });

  app.get(PLAY_ROUTES.history, async (request, reply): Promise<HistoryResponse> => {
    const auth = requireAuth(request);
    const { page, currency } = parse(HistoryQuery, request.query);
    reply.header('cache-control', 'no-store');
    return d.play.history(auth.user.id, page, currency);
  });

  app.post(PLAY_ROUTES.link, async (request): Promise<LinkChessResponse> => {
    const auth = requireAuth(request);
    parse(LinkChessRequest, request.body ?? {});
    if (d.lichessLink) throw new AppError('CONFLICT', PLAY_TEXTS.lichessOnly);
    return d.link.link(auth.user.id, auth.user.username);
  });

  app.get(PLAY_ROUTES.lichessStatus, async (request, reply): Promise<LichessLinkStatusResponse> => {
    const auth = requireAuth(request);
    if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
    reply.header('cache-control', 'no-store');
    return d.lichessLink.status(auth.user.id);
  });

  app.post(PLAY_ROUTES.lichessStart, async (request, reply): Promise<LichessLinkStartResponse> => {
    const auth = requireAuth(request);
    parse(LichessLinkStartRequest, request.body ?? {});
    if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
    reply.header('cache-control', 'no-store');
    return d.lichessLink.start(auth.user.id);
  });

  app.post(PLAY_ROUTES.lichessCallback, async (request): Promise<LinkChessResponse> => {
    const auth = requireAuth(request);
    const body = parse(LichessLinkCallbackRequest, request.body ?? {});
    if (!d.lichessLink) throw new AppError('NOT_FOUND', PLAY_TEXTS.lichessOnly);
    return d.lichessLink.callback(auth.user.id, body);
  });

  app.get(PLAY_ROUTES.ratings(':id'), async (request): Promise<RatingsResponse> => {
    const { id } = parse(IdParam, request.params);
    return d.ratings.of(id);
  });

  app.get(PLAY_ROUTES.invitations, async (request, reply): Promise<InvitationsResponse> => {
    const auth = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return d.invitations.list(auth.user.id);
  });

  app.post(PLAY_ROUTES.invitations, async (request): Promise<InvitationView> => {
    const auth = requireAuth(request);
    return d.invitations.create(auth.user.id, parse(CreateInvitationRequest, request.body));
  });

  app.post(PLAY_ROUTES.acceptInvitation(':id'), async (request) => {
    const auth = requireAuth(request);
    const { id } = parse(IdParam, request.params);
    return d.invitations.accept(auth.user.id, id);
  });

  app.post(PLAY_ROUTES.declineInvitation(':id'), async (request): Promise<InvitationView> => {
    const auth = requireAuth(request);
    const { id } = parse(IdParam, request.params);
    return d.invitations.decline(auth.user.id, id);
  });

  app.post(PLAY_ROUTES.cancelInvitation(':id'), async (request): Promise<InvitationView> => {
    const auth = requireAuth(request);
    const { id } = parse(IdParam, request.params);
    return d.invitations.cancel(auth.user.id, id);
  });
}
