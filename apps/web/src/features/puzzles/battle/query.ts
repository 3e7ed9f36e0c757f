/**
 * The battle screen's state in the URL (SPEC 2 query flags):
 * - no `battleStep` or `battleStep=1`: the lobby list; `battleStep=2`: the settings form;
 * - `privateLobby` (bare flag): the private-lobby modal over the list;
 * - `lobby={id}` (ours): the lobby the user is in (waiting room, battle, result). SPEC 2's `owner`
 *   flag named the lobby by its owner's uid; here lobbies have their own id, so the id is used.
 */
export const BATTLE_PATH = '/puzzle-game/battle';

export interface BattleQuery {
  step: 1 | 2;
  lobby: string | null;
}

export function readBattleQuery(search: string): BattleQuery {
  const params = new URLSearchParams(search);
  const lobby = params.get('lobby');
  return { step: params.get('battleStep') === '2' ? 2 : 1, lobby: lobby ? lobby : null };
}

export const settingsPath = `${BATTLE_PATH}?battleStep=2`;
export const lobbyPath = (id: string) => `${BATTLE_PATH}?lobby=${encodeURIComponent(id)}`;
