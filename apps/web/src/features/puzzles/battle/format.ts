import type { PrizeMode } from '@rush/domain';

/** How battle settings read on screen (ours). */

export const PRIZE_MODE_LABEL: Readonly<Record<PrizeMode, string>> = { pool: 'Pool', giveaway: 'Giveaway' };

export const minutesText = (ms: number): string => {
  const minutes = ms / 60_000;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

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
