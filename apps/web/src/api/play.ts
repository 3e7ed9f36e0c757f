import { PLAY_ROUTES, type CreateInvitationRequest, type LichessLinkCallbackRequest } from '@rush/protocol';
import type { Currency } from '@rush/domain';
import { request } from './http.ts';

/** The HTTP calls of the play capability, one function per route of PLAY_ROUTES. */

export const fetchCurrentGame = () => request('GET', PLAY_ROUTES.current, { schema: (s) => s.CurrentGameResponse });

export const fetchGame = (gameId: string) =>
  request('GET', PLAY_ROUTES.game(encodeURIComponent(gameId)), { schema: (s) => s.GameView });

/** History's page `page`; with `currency`, only the games staked in it (SPEC 7 cash / RushCoin games). */
export const fetchHistory = (page: number, currency?: Currency) =>
  request('GET', `${PLAY_ROUTES.history}?page=${page}${currency ? `&currency=${currency}` : ''}`, {
    schema: (s) => s.HistoryResponse,
  });

export const linkChessAccount = () =>
  request('POST', PLAY_ROUTES.link, { json: {}, schema: (s) => s.LinkChessResponse });

/** CHESS_PLATFORM=lichess: the authorization URL to send the browser to (issue 15). */
export const startLichessLink = () =>
  request('POST', PLAY_ROUTES.lichessStart, { json: {}, schema: (s) => s.LichessLinkStartResponse });

/** CHESS_PLATFORM=lichess: the link with its token checked (re-authorisation needed or not). */
export const fetchLichessLinkStatus = () =>
  request('GET', PLAY_ROUTES.lichessStatus, { schema: (s) => s.LichessLinkStatusResponse });

/** /callbacklichess: what Lichess put on the URL, for the server to finish the link. */
export const finishLichessLink = (body: LichessLinkCallbackRequest) =>
  request('POST', PLAY_ROUTES.lichessCallback, { json: body, schema: (s) => s.LinkChessResponse });

export const fetchRatings = (uid: string) =>
  request('GET', PLAY_ROUTES.ratings(encodeURIComponent(uid)), { schema: (s) => s.RatingsResponse });

export const fetchInvitations = () => request('GET', PLAY_ROUTES.invitations, { schema: (s) => s.InvitationsResponse });

export const createInvitation = (body: CreateInvitationRequest) =>
  request('POST', PLAY_ROUTES.invitations, { json: body, schema: (s) => s.InvitationView });

export const acceptInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.acceptInvitation(encodeURIComponent(invitationId)), {
    json: {},
    schema: (s) => s.AcceptInvitationResponse,
  });

export const declineInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.declineInvitation(encodeURIComponent(invitationId)), {
    json: {},
    schema: (s) => s.InvitationView,
  });

export const cancelInvitation = (invitationId: string) =>
  request('POST', PLAY_ROUTES.cancelInvitation(encodeURIComponent(invitationId)), {
    json: {},
    schema: (s) => s.InvitationView,
  });
