import { GAME_MODES, type GameModeId } from '@rush/domain';

/** A mode's name ("Blitz 3+0"). Apart from FriendGame.tsx: the match screen needs no invitation form. */
export const modeName = (id: GameModeId): string => GAME_MODES[id].name;
