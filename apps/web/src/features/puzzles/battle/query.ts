/**
 * The battle screen's state in the URL (SPEC 2 query flags):
 * - no `battleStep` or `battleStep=1`: the lobby list; `battleStep=2`: the settings form;
 * - `privateLobby` (bare flag): the private-lobby modal over the list; `privateLobby={id}` (ours,
 *   issue 36): the same modal opened by a private row's Join, which joins only that lobby;
 * - `code={code}`: the private lobby's code, filled in the modal (the owner's shareable join link;
 *   a bare `?code=` opens the modal too);
 * - `lobby={id}` (ours): the lobby the user is in (waiting room, battle, result);
 * - `owner={uid}` (SPEC 2's name for a lobby, by its owner): looked up and taken to `lobby={id}`.
 */
export const BATTLE_PATH = '/puzzle-game/battle';

export interface BattleQuery {
  step: 1 | 2;
  lobby: string | null;
  owner: string | null;
  /** The private code from a join link, when the modal is not open yet. */
  codeWithoutModal: string | null;
}

export function readBattleQuery(search: string): BattleQuery {
  const params = new URLSearchParams(search);
  const text = (name: string) => params.get(name) || null;
  const code = text('code');
  return {
    step: params.get('battleStep') === '2' ? 2 : 1,
    lobby: text('lobby'),
    owner: text('owner'),
    codeWithoutModal: code !== null && !params.has('privateLobby') ? code : null,
  };
}

/** The private row whose Join opened the modal (`?privateLobby={id}`); null for the bare flag. */
export const rowLobbyOf = (search: string): string | null => new URLSearchParams(search).get('privateLobby') || null;

/** The code a join link carries (`?code=`), for the private-lobby modal. */
export const codeOf = (search: string): string => new URLSearchParams(search).get('code') ?? '';

export const settingsPath = `${BATTLE_PATH}?battleStep=2`;
export const lobbyPath = (id: string) => `${BATTLE_PATH}?lobby=${encodeURIComponent(id)}`;
/** The shareable link that opens the private-lobby modal with the code filled in. */
export const joinLinkPath = (code: string) => `${BATTLE_PATH}?privateLobby&code=${encodeURIComponent(code)}`;
