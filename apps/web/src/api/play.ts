import {
  AcceptInvitationResponse,
  CurrentGameResponse,
  GameView,
  HistoryResponse,
  InvitationView,
  InvitationsResponse,
  LichessLinkStartResponse,
  LichessLinkStatusResponse,
  LinkChessResponse,
  PLAY_ROUTES,
  RatingsResponse,
  type CreateInvitationRequest,
  type LichessLinkCallbackRequest,
} from '@rush/protocol';
import { request } from './http.ts';

/** The HTTP calls of the play capability, one function per route of PLAY_ROUTES. */

export const fetchCurrentGame = () => request('GET', PLAY_ROUTES.current, { schema: CurrentGameResponse });

export const fetchGame = (gameId: string) =>
  request('GET', PLAY_ROUTES.game(encodeURIComponent(gameId)), { schema: GameView });

export const fetchHistory = (page: number) =>
  request('GET', `${PLAY_ROUTES.history}?page=${page}`, { schema: HistoryResponse });

export const linkChessAccount = () => request('POST', PLAY_ROUTES.link, { json: {}, schema: LinkChessResponse });

/** CHESS_PLATFORM=lichess: the authorization URL to send the browser to (issue 15). */
export const startLichessLink = () =>
  request('POST', PLAY_ROUTES.lichessStart, { json: {}, schema: LichessLinkStartResponse });

/** CHESS_PLATFORM=lichess: the link with its token checked (re-authorisation needed or not). */
export const fetchLichessLinkStatus = () =>
  request('GET', PLAY_ROUTES.lichessStatus, { schema: LichessLinkStatusResponse });

/** /callbacklichess: what Lichess put on the URL, for the server to finish the link. */
export const finishLichessLink = (body: LichessLinkCallbackRequest) =>
  request('POST', PLAY_ROUTES.lichessCallback, { json: body, schema: LinkChessResponse });

export const fetchRatings = (uid: string) =>
  request('GET', PLAY_ROUTES.ratings(encodeURIComponent(uid)), { schema: RatingsResponse });

export const fetchInvitations = () => request('GET', PLAY_ROUTES.invitations, { schema: InvitationsResponse });

export const createInvitation = (body: CreateInvitationRequest) =>
  request('POST', PLAY_ROUTES.invitations, { json: body, schema: InvitationView });

export const acceptInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.acceptInvitation(encodeURIComponent(invitationId)), {
    json: {},
    schema: AcceptInvitationResponse,
  });

export const declineInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.declineInvitation(encodeURIComponent(invitationId)), {
    json: {},
    schema: InvitationView,
  });

export const cancelInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.cancelInvitation(encodeURIComponent(invitationId)), { json: {}, schema: InvitationView });
