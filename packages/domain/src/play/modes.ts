/**
 * SPEC 3 game modes. The ids are the SPEC's; the time controls follow from their names
 * ("Blitz 3+0" is three minutes a side, no increment). SPEC 5 assigns each mode the rating
 * family it is matched and rated on: blitz for wmgt_000001/2, rapid for wmgt_000003 and the bots.
 */
export const GAME_MODE_IDS = [
  'wmgt_000001',
  'wmgt_000002',
  'wmgt_000003',
  'bot_000001',
  'bot_000002',
  'bot_000003',
] as const;
export type GameModeId = (typeof GAME_MODE_IDS)[number];

export const RATING_FAMILIES = ['blitz', 'rapid'] as const;
export type RatingFamily = (typeof RATING_FAMILIES)[number];

export interface GameMode {
  id: GameModeId;
  name: string;
  initialMs: number;
  incrementMs: number;
  family: RatingFamily;
  /** Bot modes are played against the engine, never between two people. */
  bot: boolean;
  /** Order of the SPEC's list, used to sort menus. */
  order: number;
}

const MIN = 60_000;

export const GAME_MODES: Readonly<Record<GameModeId, GameMode>> = {
  wmgt_000001: {
    id: 'wmgt_000001',
    name: 'Blitz 3+0',
    initialMs: 3 * MIN,
    incrementMs: 0,
    family: 'blitz',
    bot: false,
    order: 1,
  },
  wmgt_000002: {
    id: 'wmgt_000002',
    name: 'Blitz 5+0',
    initialMs: 5 * MIN,
    incrementMs: 0,
    family: 'blitz',
    bot: false,
    order: 2,
  },
  wmgt_000003: {
    id: 'wmgt_000003',
    name: 'Rapid 10+0',
    initialMs: 10 * MIN,
    incrementMs: 0,
    family: 'rapid',
    bot: false,
    order: 3,
  },
  bot_000001: {
    id: 'bot_000001',
    name: '30 Min/Side',
    initialMs: 30 * MIN,
    incrementMs: 0,
    family: 'rapid',
    bot: true,
    order: 4,
  },
  bot_000002: {
    id: 'bot_000002',
    name: '10 Min/Side',
    initialMs: 10 * MIN,
    incrementMs: 0,
    family: 'rapid',
    bot: true,
    order: 5,
  },
  bot_000003: {
    id: 'bot_000003',
    name: '15 Min/Side',
    initialMs: 15 * MIN,
    incrementMs: 0,
    family: 'rapid',
    bot: true,
    order: 6,
  },
};

export const gameMode = (id: GameModeId): GameMode => GAME_MODES[id];
export const ratingFamilyOf = (id: GameModeId): RatingFamily => GAME_MODES[id].family;
export const isGameModeId = (s: string): s is GameModeId => (GAME_MODE_IDS as readonly string[]).includes(s);
