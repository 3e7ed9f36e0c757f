import type { Currency, PrizeMode } from '@rush/domain';
import { challengeAmountText } from '@rush/protocol';

/** How battle settings read on screen (ours). */

export const PRIZE_MODE_LABEL: Readonly<Record<PrizeMode, string>> = { pool: 'Pool', giveaway: 'Giveaway' };

/** "USD $5", "100 RushCoins" (the wizard's wording for a stake in whole units). */
export const stakeText = (currency: Currency, amount: number): string => challengeAmountText(currency, amount);

export const minutesText = (ms: number): string => {
  const minutes = ms / 60_000;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

export const CURRENCY_NAME: Readonly<Record<Currency, string>> = { usd: 'USD', wbx: 'RushCoins' };

/** "1:05" from whole seconds. */
export function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Words that name a theme or difficulty id ("backRankMate" -> "Back rank mate"). */
export function humanize(id: string): string {
  const words = id.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
