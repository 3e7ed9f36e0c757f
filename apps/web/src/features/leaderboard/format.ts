import type { Currency } from '@rush/domain';

/** SPEC 2 switch labels and column headers. */
export const WON_TITLES: Record<Currency, string> = {
  usd: 'Total Dollars Won',
  wbx: 'Total RushCoins Won',
};
export const WON_HEADERS: Record<Currency, string> = { usd: 'USD Won', wbx: 'WBX Won' };
