import { GAME_MODES, GAME_MODE_IDS, type GameModeId } from '../play/modes.ts';
import { currencyName, units, type Currency } from '../money/currency.ts';

/**
 * SPEC 3 game modes, wagers and app state as data an admin changes at run time. The domain
 * holds the defaults and the pure reading of them; the server stores the live copy.
 */
export type ModeStatus = 'active' | 'inactive';

export interface ModeConfig {
  id: GameModeId;
  name: string;
  status: ModeStatus;
  order: number;
  /** The time control as shown ("3+0"). */
  value: string;
}

export interface WagerConfig {
  currency: Currency;
  /** Stable key of the wager within its currency ("usd_1".."usd_5", "wbx_1".."wbx_6"). */
  key: string;
  name: string;
  /** Whole units: dollars for usd, RushCoins for wbx. */
  value: number;
  status: ModeStatus;
  /** Open to a player whose rating in the mode is still provisional. */
  provisionalStatus: boolean;
  /** Games needed at the previous (next lower) wager of the currency to unlock this one. */
  minRequirement: number;
}

export interface Announcement {
  show: boolean;
  title: string;
  text: string;
  /** ISO time the games come back, or null when unknown. */
  returnTime: string | null;
}

export interface AppStateConfig {
  paused: boolean;
  announcement: Announcement;
}

export interface Catalog {
  modes: ModeConfig[];
  wagers: WagerConfig[];
}

export const DEFAULT_USD_WAGERS = [1, 5, 10, 25, 50] as const;
export const DEFAULT_WBX_WAGERS = [50, 100, 200, 500, 1000, 2500] as const;
export const MIN_REQUIREMENT_MAX = 99_999;

const timeControl = (id: GameModeId) => `${GAME_MODES[id].initialMs / 60_000}+${GAME_MODES[id].incrementMs / 1000}`;

/**
 * A wager in whole units as SPEC 2 words it ("USD $5", "100 RushCoins"): the catalogue's names,
 * the challenge card's amount, the match screen and the battle stakes.
 */
export const wagerName = (currency: Currency, value: number): string =>
  currency === 'usd' ? `${currencyName(currency)} $${value}` : `${value} ${currencyName(currency)}`;

export function defaultCatalog(): Catalog {
  const modes: ModeConfig[] = GAME_MODE_IDS.map((id) => ({
    id,
    name: GAME_MODES[id].name,
    status: 'active',
    order: GAME_MODES[id].order,
    value: timeControl(id),
  }));
  const wagers = (currency: Currency, values: readonly number[]): WagerConfig[] =>
    values.map((value, i) => ({
      currency,
      key: `${currency}_${i + 1}`,
      name: wagerName(currency, value),
      value,
      status: 'active',
      // Cash games are closed to provisional ratings by default (SPEC 5); RushCoins are open.
      provisionalStatus: currency === 'wbx',
      minRequirement: 0,
    }));
  return { modes, wagers: [...wagers('usd', DEFAULT_USD_WAGERS), ...wagers('wbx', DEFAULT_WBX_WAGERS)] };
}

export const DEFAULT_APP_STATE: AppStateConfig = {
  paused: false,
  announcement: { show: false, title: '', text: '', returnTime: null },
};

/** A wager's stake in minor units (cents, RC hundredths). */
export const wagerMinor = (value: number): bigint => units(value);

/** Active modes people play against each other, in order (bots are the bot flow's). */
export const activeHumanModes = (c: Catalog): ModeConfig[] =>
  c.modes.filter((m) => m.status === 'active' && !GAME_MODES[m.id].bot).sort((a, b) => a.order - b.order);

/** Active wagers of a currency, ascending by value. */
export const activeWagers = (c: Catalog, currency: Currency): WagerConfig[] =>
  c.wagers.filter((w) => w.currency === currency && w.status === 'active').sort((a, b) => a.value - b.value);

/** SPEC 4: default game type wmgt_000001 if active, else the first active one. */
export function defaultGameType(c: Catalog): GameModeId | null {
  const active = activeHumanModes(c);
  return active.find((m) => m.id === 'wmgt_000001')?.id ?? active[0]?.id ?? null;
}
