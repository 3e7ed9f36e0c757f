import { MATCH_ROUTES, SOCIAL_ROUTES, type DeviceGps, type JoinRequest } from '@rush/protocol';
import { request } from '../../api/http.ts';
import { loadSchemas } from '../../api/schemaLoader.ts';

/** The HTTP calls of the landing's online users list. */

export const ONLINE_KEYS = {
  online: ['social', 'online'] as const,
  /** Shared with the friends list: one cache of "who is my friend". */
  friends: ['social', 'friends'] as const,
};

export const fetchOnlineUsers = () => request('GET', SOCIAL_ROUTES.online, { schema: (s) => s.OnlineUsersResponse });

export const fetchFriends = () => request('GET', SOCIAL_ROUTES.friends, { schema: (s) => s.FriendsResponse });

export async function inviteFriend(username: string) {
  const { InviteFriendRequest } = await loadSchemas();
  return request('POST', SOCIAL_ROUTES.invite, { json: InviteFriendRequest.parse({ username }) });
}

/** SPEC 7 joinMatchmakingLobby {uid}: join a user who is searching; answers the new record. */
export const joinMatch = (uid: string, deviceGps: DeviceGps | undefined) => {
  const body: JoinRequest = deviceGps ? { uid, deviceGps } : { uid };
  return request('POST', MATCH_ROUTES.join, { json: body, schema: (s) => s.MatchmakingResponse });
};
