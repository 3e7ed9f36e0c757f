import {
  MATCH_ROUTES,
  PLAY_ROUTES,
  type CreateChallengeRequest,
  type CreateInvitationRequest,
  type MatchmakingView,
  type SeekRequest,
} from '@rush/protocol';
import type { DeviceGps } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of matchmaking, one function per route of MATCH_ROUTES the web app uses. */

export const MATCH_KEYS = {
  catalog: ['matchmaking', 'catalog'] as const,
  appState: ['app', 'state'] as const,
  options: (gameType: string | null, challengeid: string | null) =>
    ['matchmaking', 'options', gameType ?? '', challengeid ?? ''] as const,
  optionsAll: ['matchmaking', 'options'] as const,
  current: ['matchmaking', 'current'] as const,
  challenges: ['matchmaking', 'challenges'] as const,
};

export const fetchCatalog = () => request('GET', MATCH_ROUTES.catalog, { schema: (s) => s.CatalogResponse });

export const fetchAppState = () => request('GET', MATCH_ROUTES.appState, { schema: (s) => s.AppStateView });

export function fetchOptions(gameType: string | null, challengeid: string | null) {
  const query = new URLSearchParams();
  if (gameType) query.set('gameType', gameType);
  if (challengeid) query.set('challengeid', challengeid);
  const search = query.toString();
  return request('GET', `${MATCH_ROUTES.options}${search ? `?${search}` : ''}`, { schema: (s) => s.OptionsResponse });
}

export const fetchCurrentMatchmaking = () =>
  request('GET', MATCH_ROUTES.current, { schema: (s) => s.CurrentMatchmakingResponse });

/** The seek answers `{ matchmaking }`: the new record (always set after a successful seek). */
export const seek = async (body: SeekRequest): Promise<MatchmakingView> => {
  const { matchmaking } = await request('POST', MATCH_ROUTES.seek, {
    json: body,
    schema: (s) => s.MatchmakingResponse,
  });
  if (!matchmaking) throw new Error('no matchmaking record after the seek');
  return matchmaking;
};

/** The calls on the user's own record that take no payload. */
export type RecordAction = 'cancel' | 'accept' | 'decline' | 'done' | 'rematch';

/** The answer is ignored: the record arrives on `matchmaking.changed` or the next GET current. */
export const recordAction = (action: RecordAction) => request('POST', MATCH_ROUTES[action], { json: {} });

export const fetchChallenges = () => request('GET', MATCH_ROUTES.challenges, { schema: (s) => s.ChallengesResponse });

export const createChallenge = (body: CreateChallengeRequest) =>
  request('POST', MATCH_ROUTES.challenges, { json: body, schema: (s) => s.ChallengeView });

export const acceptChallenge = (id: string, deviceGps: DeviceGps | undefined) =>
  request('POST', MATCH_ROUTES.acceptChallenge(encodeURIComponent(id)), { json: deviceGps ? { deviceGps } : {} });

export const declineChallenge = (id: string) =>
  request('POST', MATCH_ROUTES.declineChallenge(encodeURIComponent(id)), { json: {} });

export const cancelChallenge = (id: string) =>
  request('POST', MATCH_ROUTES.cancelChallenge(encodeURIComponent(id)), { json: {} });

/** A player's ratings and friend games (invitations), PLAY_ROUTES used by the start page. */

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
