/**
 * The /start address (SPEC 2 flags), read and written in one place for both of its flows: the
 * player wizard (`step=1..3`, gameType, c, bet, challengeid, giveaway) and the bot flow
 * (`step=bot1..3`, gameType, c, bet, bot). Other flags (overlays) pass through untouched.
 */
export interface StartFlags {
  step: string | null;
  gameType: string | null;
  c: string | null;
  bet: string | null;
  challengeid: string | null;
  bot: string | null;
  giveaway: boolean;
}

export function readStartFlags(search: string): StartFlags {
  const q = new URLSearchParams(search);
  return {
    step: q.get('step'),
    gameType: q.get('gameType'),
    c: q.get('c'),
    bet: q.get('bet'),
    challengeid: q.get('challengeid'),
    bot: q.get('bot'),
    giveaway: q.has('giveaway'),
  };
}

/** A flag's new value: absent (undefined) leaves it as it is, null or '' removes it. */
type FlagValue = string | number | null | undefined;

/**
 * `?step=…&gameType=…` in a stable order (step, gameType, c, bet, challengeid, bot), over the
 * flags of `rest`; `giveaway`, when given, is written bare and last.
 */
export function startSearch(
  flags: { [K in Exclude<keyof StartFlags, 'giveaway'>]?: FlagValue } & { giveaway?: boolean },
  rest?: URLSearchParams,
): string {
  const q = new URLSearchParams(rest);
  for (const key of ['step', 'gameType', 'c', 'bet', 'challengeid', 'bot'] as const) {
    const value = flags[key];
    if (value === undefined) continue;
    if (value === null || value === '') q.delete(key);
    else q.set(key, String(value));
  }
  if (flags.giveaway === undefined) return `?${q.toString()}`;
  q.delete('giveaway');
  const text = q.toString();
  return `?${text}${flags.giveaway ? `${text ? '&' : ''}giveaway` : ''}`;
}
