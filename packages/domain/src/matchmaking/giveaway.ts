import type { VerifiedLevel } from '../accounts/appearance.ts';
import { settlePot } from '../money/settlement.ts';
import { activeHumanModes, activeWagers, wagerMinor, type AppStateConfig, type Catalog } from './catalog.ts';
import { accountRefusal, cashRefusal, type PlayerFacts, type StartDecision, type StartRequest } from './eligibility.ts';
import { MATCH_TEXTS } from './texts.ts';

/**
 * SPEC 2, 4: a content creator's giveaway challenge. The creator alone funds the prize (their
 * stake, checked by the normal start rules); the opponent stakes nothing and so can lose
 * nothing. Only a direct challenge can be a giveaway (there is no giveaway seek).
 */

/** SPEC 4 verified levels: only `contentCreator` may use giveaway mode. */
export const mayGiveaway = (level: VerifiedLevel): boolean => level === 'contentCreator';

/**
 * Whether the acceptor of a giveaway may start it. They risk nothing, so the rules about what
 * they could lose do not apply (any balance, this currency's balance, the bet limit, the wager
 * ladder, the provisional rating); the rules about whether they may play at all still do:
 * signed in, not banned or closed (facts.banned), the app not paused, the mode and wager
 * offered, and for real money a wallet to receive the prize, a known location and the local
 * age of majority.
 */
export function decideGiveawayAcceptance(
  p: PlayerFacts,
  app: AppStateConfig,
  catalog: Catalog,
  req: StartRequest,
): StartDecision {
  const account = accountRefusal(p, app);
  if (account && account.code !== 'noBalance') return account;
  const mode = activeHumanModes(catalog).find((m) => m.id === req.gameType);
  if (!mode) return { ok: false, code: 'gameType', message: MATCH_TEXTS.gameTypeUnavailable };
  const wager = activeWagers(catalog, req.currency).find((w) => w.value === req.bet);
  if (!wager) return { ok: false, code: 'wager', message: MATCH_TEXTS.wagerUnavailable };
  const cash = cashRefusal(p, wager.currency);
  if (cash) return cash;
  return { ok: true, mode: mode.id, wager, amount: wagerMinor(wager.value) };
}

export interface Stake {
  uid: string;
  amount: bigint;
}

/**
 * What goes into a match's escrow at its start: both stakes, or for a giveaway the creator's
 * alone. Never a zero or negative stake (the ledger gets no empty legs).
 */
export function matchStakes(players: readonly [string, string], amount: bigint, giveawayBy: string | null): Stake[] {
  if (amount <= 0n) throw new RangeError('a match stake is positive');
  if (giveawayBy !== null && !players.includes(giveawayBy)) throw new RangeError('the creator plays the giveaway');
  return players.filter((uid) => giveawayBy === null || uid === giveawayBy).map((uid) => ({ uid, amount }));
}

/** How a giveaway ended for the money: the opponent won, the creator won, or no winner. */
export type GiveawayOutcome = 'opponentWins' | 'creatorWins' | 'noWinner';

export interface GiveawaySettlement {
  /** What the escrow does: `settle` pays the opponent after the fee; `refund` gives the prize back. */
  escrow: 'settle' | 'refund';
  fee: bigint;
  creator: bigint;
  opponent: bigint;
}

/**
 * The end of a giveaway whose escrow holds `prize` (the creator's stake). creator + opponent +
 * fee === prize always. The opponent's win pays them the prize minus the platform fee (the same
 * `settlePot` as any win, so the wallet's settle pays exactly this); anything else (the creator
 * won, a draw, an abort, a cancelled or never started game) gives the creator their whole stake
 * back with no fee: they won nothing from anyone.
 */
export function settleGiveaway(prize: bigint, outcome: GiveawayOutcome): GiveawaySettlement {
  if (prize < 0n) throw new RangeError('prize must be non-negative');
  if (outcome === 'opponentWins') {
    const s = settlePot(prize, ['opponent']);
    return { escrow: 'settle', fee: s.fee, creator: 0n, opponent: s.payouts.get('opponent')! };
  }
  return { escrow: 'refund', fee: 0n, creator: prize, opponent: 0n };
}

/** The outcome of a giveaway from its winner (null: no winner, or the game was cancelled). */
export const giveawayOutcome = (creatorUid: string, winnerUid: string | null): GiveawayOutcome =>
  winnerUid === null ? 'noWinner' : winnerUid === creatorUid ? 'creatorWins' : 'opponentWins';
