import type { Currency } from '../money/currency.ts';

/**
 * Issue 37 (operators): the two patterns the responsible-gaming review flags, as pure functions
 * over a player's own movements. Each finding carries the movements that made it (its evidence),
 * so the reviewer and the regulator's export see why, not just that.
 */

export const HOUR_MS = 3_600_000;

/**
 * "Deposit after deposit within a day": this many deposits inside one rolling 24 hours. Two in a
 * day is ordinary (a small first deposit, then a top-up); a third before the day is out is the
 * repeat-deposit marker operators' harm guidance names (frequency of deposits in a session or
 * day), and the SPEC's own 48-hour withdrawal block shows deposits are not meant to be churned.
 */
export const DEPOSIT_BURST_COUNT = 3;
/** The rolling window of a deposit burst (ours): 24 hours, the "day" of the issue. */
export const DEPOSIT_BURST_WINDOW_MS = 24 * HOUR_MS;

/**
 * "Stakes rising after losses": this many raises in a row, each one a stake larger than the
 * previous game's right after losing that game (in one currency). One raise after a loss is a
 * player fancying a rematch; three in a row is the escalation that problem-gambling screens call
 * chasing losses (PGSI: "gone back to try to win back the money you lost").
 */
export const STAKE_CHASE_RAISES = 3;

/** One deposit that reached the player (through the payment provider; an admin's is not theirs). */
export interface DepositMovement {
  id: string;
  /** Minor units (USD cents), positive. */
  amount: bigint;
  at: Date;
}

/** A deposit burst: DEPOSIT_BURST_COUNT or more deposits with every one inside some 24-hour window of that many. */
export interface DepositBurst {
  deposits: DepositMovement[];
  total: bigint;
  from: Date;
  to: Date;
}

const byTime = <T extends { at: Date }>(a: T, b: T): number => a.at.getTime() - b.at.getTime();

/**
 * The bursts in a player's deposits: every 24-hour window holding DEPOSIT_BURST_COUNT or more,
 * windows that share a deposit merged into one finding (a run of six deposits in a day is one
 * thing to look at, not four). Oldest first; each deposit in at most one burst.
 */
export function depositBursts(deposits: readonly DepositMovement[]): DepositBurst[] {
  const sorted = [...deposits].sort(byTime);
  const bursts: { start: number; end: number }[] = [];
  let j = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    if (j < i) j = i;
    const opens = sorted[i]!.at.getTime();
    while (j + 1 < sorted.length && sorted[j + 1]!.at.getTime() - opens < DEPOSIT_BURST_WINDOW_MS) j += 1;
    if (j - i + 1 < DEPOSIT_BURST_COUNT) continue;
    const last = bursts.at(-1);
    if (last && i <= last.end) last.end = Math.max(last.end, j);
    else bursts.push({ start: i, end: j });
  }
  return bursts.map(({ start, end }) => {
    const run = sorted.slice(start, end + 1);
    return {
      deposits: run,
      total: run.reduce((sum, d) => sum + d.amount, 0n),
      from: run[0]!.at,
      to: run.at(-1)!.at,
    };
  });
}

/** One staked game of the player's, with what came back of it (null while its pot is open). */
export interface StakedGame {
  /** The game or lobby (the ledger's ref). */
  ref: string;
  currency: Currency;
  /** What the player put in, minor units, positive. */
  stake: bigint;
  /** What the player got back when the pot closed (winnings, a draw's share, a refund); null while open. */
  payout: bigint | null;
  at: Date;
}

/**
 * A lost game, for this pattern: its pot closed and nothing came back to the player. A draw or a
 * refund gives something back and is not a loss here, so a reviewer is never shown a draw as one.
 */
export const isLostGame = (g: StakedGame): boolean => g.payout === 0n;

/** A run of raises after losses: the games in order, the first the loss the run started from. */
export interface StakeChase {
  currency: Currency;
  games: StakedGame[];
  raises: number;
  from: Date;
  to: Date;
}

/**
 * The runs of "a larger stake right after a lost game" in each currency, kept when they reach
 * STAKE_CHASE_RAISES raises in a row: games g0..gn (by time) where each of g0..g(n-1) was lost
 * and each next stake is larger than the one before. Oldest first; each game in at most one run.
 */
export function stakeChases(games: readonly StakedGame[]): StakeChase[] {
  const found: StakeChase[] = [];
  const currencies = [...new Set(games.map((g) => g.currency))].sort();
  for (const currency of currencies) {
    const list = games.filter((g) => g.currency === currency).sort(byTime);
    let start = 0;
    for (let k = 1; k <= list.length; k += 1) {
      const prev = list[k - 1]!;
      const next = list[k];
      const raised = next !== undefined && isLostGame(prev) && next.stake > prev.stake;
      if (raised) continue;
      const run = list.slice(start, k);
      if (run.length - 1 >= STAKE_CHASE_RAISES) {
        found.push({ currency, games: run, raises: run.length - 1, from: run[0]!.at, to: run.at(-1)!.at });
      }
      start = k;
    }
  }
  return found.sort((a, b) => a.from.getTime() - b.from.getTime());
}
