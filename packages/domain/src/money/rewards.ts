import { units } from './currency.ts';

/** SPEC 9: RushCoin rewards, in RC minor units (hundredths). */
export const RC_REWARDS = {
  linkAccount: units(500),
  perGame: units(100),
  winBonus: units(250),
  firstGameOfDay: units(300),
  topUp: units(100),
} as const;

export type RewardKind = keyof typeof RC_REWARDS;

/** SPEC 9: bot multipliers Low 1x, Mid 2x, High 3x. */
export const BOT_MULTIPLIERS = { low: 1n, mid: 2n, high: 3n } as const;
export type BotDifficulty = keyof typeof BOT_MULTIPLIERS;

/** UTC calendar day, the unit of "first game of the day" and "once a day". */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * When a game earns its RushCoin rewards (issue 33): a colluding pair that resigns at ply 2 must
 * not mint RushCoins. A game counts only when it was not aborted and each player made at least
 * `minMovesEach` moves; a player earns game rewards for at most `gamesPerDay` counted games a UTC
 * day, at most `gamesPerPairPerDay` of them against the same opponent. At most
 * 10 x (100 + 250) + 300 = 3,800 RC a day per account.
 */
export const REWARD_LIMITS = { minMovesEach: 10, gamesPerDay: 10, gamesPerPairPerDay: 3 } as const;

/** Whether a finished game is a real game's worth for the rewards: played, and 10 moves by each side. */
export function gameEarnsRewards(g: { cancelled: boolean; plies: number }): boolean {
  // Black has made floor(plies / 2) moves, White at least as many.
  return !g.cancelled && Math.floor(g.plies / 2) >= REWARD_LIMITS.minMovesEach;
}

/** Whether one more counted game may be rewarded, given what this player was rewarded today. */
export function withinRewardCaps(today: { games: number; gamesWithOpponent: number }): boolean {
  return today.games < REWARD_LIMITS.gamesPerDay && today.gamesWithOpponent < REWARD_LIMITS.gamesPerPairPerDay;
}

/** The RC credits a finished game earns a player, each a separate ledger movement. */
export function gameRewards(opts: { won: boolean; firstGameOfDay: boolean }): { kind: RewardKind; amount: bigint }[] {
  const out: { kind: RewardKind; amount: bigint }[] = [{ kind: 'perGame', amount: RC_REWARDS.perGame }];
  if (opts.won) out.push({ kind: 'winBonus', amount: RC_REWARDS.winBonus });
  if (opts.firstGameOfDay) out.push({ kind: 'firstGameOfDay', amount: RC_REWARDS.firstGameOfDay });
  return out;
}

/** Out-of-coins top-up: only at a zero RC balance, with no game running, at most once a day. */
export function canTopUp(opts: {
  wbxBalance: bigint;
  gameRunning: boolean;
  lastTopUpAt: Date | null;
  now: Date;
}): boolean {
  if (opts.wbxBalance !== 0n || opts.gameRunning) return false;
  return opts.lastTopUpAt === null || utcDay(opts.lastTopUpAt) !== utcDay(opts.now);
}

/** Idempotency keys of reward credits: a replay of the same business event never pays twice. */
export const rewardKey = {
  linkAccount: (uid: string) => `reward:link:${uid}`,
  game: (kind: 'perGame' | 'winBonus', gameId: string, uid: string) => `reward:${kind}:${gameId}:${uid}`,
  firstGameOfDay: (uid: string, day: string) => `reward:first:${uid}:${day}`,
  topUp: (uid: string, day: string) => `reward:topup:${uid}:${day}`,
};
