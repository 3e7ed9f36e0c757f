import { z } from 'zod';
import { LobbyView, MATCH_ROUTES, PUZZLE_ROUTES, type BattleSettingsInput, type DeviceGps } from '@rush/protocol';
import { request } from '../../../api/http.ts';

/** The HTTP calls of Battle Puzzle Rush, one function per PUZZLE_ROUTES entry this screen uses. */

/** The game type whose verified wagers bound battle stakes (SPEC 5). */
export const BATTLE_GAME_TYPE = 'wmgt_000001';

export const BATTLE_KEYS = {
  lobbies: ['puzzles', 'lobbies'] as const,
  lobby: (id: string) => ['puzzles', 'lobby', id] as const,
  puzzle: (id: string) => ['puzzles', 'lobby', id, 'puzzle'] as const,
  options: ['puzzles', 'battle', 'options'] as const,
  active: ['puzzles', 'active'] as const,
};

/**
 * The calls that put the user in a lobby (create, join, join by code) answer the lobby; both the
 * bare LobbyView and `{ lobby }` (the shape of the battle puzzle answers) are read.
 */
const LobbyAnswer = z.union([LobbyView, z.object({ lobby: LobbyView })]).transform((a) => ('lobby' in a ? a.lobby : a));

const id = (lobbyId: string) => encodeURIComponent(lobbyId);
const gps = (deviceGps: DeviceGps | undefined) => (deviceGps ? { deviceGps } : {});

export const fetchLobbies = async () =>
  (await request('GET', PUZZLE_ROUTES.lobbies, { schema: (s) => s.LobbyListResponse })).lobbies;

export const fetchLobby = (lobbyId: string) =>
  request('GET', PUZZLE_ROUTES.lobby(id(lobbyId)), { schema: LobbyAnswer });

/** SPEC 2 `owner`: the lobby a user owns and has not ended. */
export const fetchLobbyByOwner = (ownerUid: string) =>
  request('GET', PUZZLE_ROUTES.lobbyByOwner(id(ownerUid)), { schema: LobbyAnswer });

export const fetchBattleOptions = () =>
  request('GET', `${MATCH_ROUTES.options}?gameType=${BATTLE_GAME_TYPE}`, { schema: (s) => s.OptionsResponse });

export const createLobby = (settings: BattleSettingsInput, deviceGps: DeviceGps | undefined) =>
  request('POST', PUZZLE_ROUTES.lobbies, { json: { settings, ...gps(deviceGps) }, schema: LobbyAnswer });

export const joinLobby = (lobbyId: string, deviceGps: DeviceGps | undefined) =>
  request('POST', PUZZLE_ROUTES.join(id(lobbyId)), { json: gps(deviceGps), schema: LobbyAnswer });

/** `lobbyId`: the private row whose Join opened the code dialog; the server then admits only to it. */
export const joinByCode = (code: string, deviceGps: DeviceGps | undefined, lobbyId: string | null = null) =>
  request('POST', PUZZLE_ROUTES.joinByCode, {
    json: { code, ...(lobbyId ? { lobbyId } : {}), ...gps(deviceGps) },
    schema: LobbyAnswer,
  });

/** Calls whose answer is not needed: the lobby arrives on `lobby.changed` (and is reloaded). */
export type LobbyAction = 'leave' | 'start' | 'forfeit';
/** Leave, start or forfeit; answers the lobby as it stands after the action. */
export const lobbyAction = (action: LobbyAction, lobbyId: string) =>
  request('POST', PUZZLE_ROUTES[action](id(lobbyId)), { json: {}, schema: LobbyAnswer });

export const kickParticipant = (lobbyId: string, uid: string) =>
  request('POST', PUZZLE_ROUTES.kick(id(lobbyId)), { json: { uid } });

export const sendLobbyChat = (lobbyId: string, text: string) =>
  request('POST', PUZZLE_ROUTES.chat(id(lobbyId)), { json: { text } });

export const fetchBattlePuzzle = (lobbyId: string) =>
  request('GET', PUZZLE_ROUTES.battlePuzzle(id(lobbyId)), { schema: (s) => s.BattlePuzzleResponse });

export const sendBattleMove = (lobbyId: string, body: { attemptId: string; ply: number; uci: string }) =>
  request('POST', PUZZLE_ROUTES.battleMove(id(lobbyId)), { json: body, schema: (s) => s.BattleMoveResponse });

/** Skip answers the next puzzle and the lobby, like GET puzzle. */
export const skipBattlePuzzle = (lobbyId: string, attemptId: string) =>
  request('POST', PUZZLE_ROUTES.battleSkip(id(lobbyId)), {
    json: { attemptId },
    schema: (s) => s.BattlePuzzleResponse,
  });
