import { isCancelled, movesAfterBook, PATTERN_MIN_COUNTED, type GameStatus } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { JobStore, PRIORITY } from './jobs.store.ts';
import { ReviewStore, type GameRow } from './review.store.ts';

/** The escrow prefix of games between people (matchmaking's `match:{id}`). */
const MATCH_PREFIX = 'match:';
/** The escrow prefix of bot games (bots' `bot:{id}`): the house is the opponent. */
const BOT_PREFIX = 'bot:';

/** A staked game between two people (not a bot game: the house is its opponent). */
export const isStakedMatch = (g: Pick<GameRow, 'stakeAmount' | 'source' | 'engineColor'>): boolean =>
  g.stakeAmount !== null && g.engineColor === null && (g.source?.startsWith(MATCH_PREFIX) ?? false);

/** A staked game against a bot (issue 33: its wins are analysed like a match's). */
export const isStakedBotGame = (g: Pick<GameRow, 'stakeAmount' | 'source' | 'engineColor'>): boolean =>
  g.stakeAmount !== null && g.engineColor !== null && (g.source?.startsWith(BOT_PREFIX) ?? false);

/** Money games: their figures make a player's pattern, their decided wins wait for the analysis. */
export const isStakedGame = (g: Pick<GameRow, 'stakeAmount' | 'source' | 'engineColor'>): boolean =>
  isStakedMatch(g) || isStakedBotGame(g);

export const winnerUidOf = (g: Pick<GameRow, 'winner' | 'whiteId' | 'blackId'>): string | null =>
  g.winner === 'white' ? g.whiteId : g.winner === 'black' ? g.blackId : null;

/**
 * Whether a finished game's payout waits for its analysis (issues 14, 33): a staked game (between
 * people, or against a bot), decided (a winner, not cancelled), won by a person (a bot's win pays
 * the house: nothing to judge), with at least PATTERN_MIN_COUNTED moves of the winner after the
 * book: the fewest that a verdict or the player's pattern reads (short games included, issue 33).
 * Draws and games ended sooner settle at once (the collusion flags watch those).
 */
export function payoutWaitsForAnalysis(g: GameRow): boolean {
  if (!isStakedGame(g) || g.status === 'started' || isCancelled(g.status as GameStatus)) return false;
  if (winnerUidOf(g) === null || g.winner === g.engineColor) return false;
  return movesAfterBook(g.ply, g.winner!) >= PATTERN_MIN_COUNTED;
}

export type PayoutDecision = 'pay' | 'wait' | 'closed';

/**
 * Fair play's word on a finished game's money (issue 14), made before matchmaking so its
 * settlement and the escrow sweeper ask it from the first game on: `pay` (as always), `wait`
 * (the analysis is pending, or the payout is held for an admin) or `closed` (an admin's review
 * closed the escrow). The finish hook queues the analysis inside the finishing transaction, so
 * a gated payout always has its job.
 */
export class PayoutGate {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The finish hook: inside the transaction that ends the game. */
  async enqueueFinished(tx: Tx, g: GameRow): Promise<void> {
    if (g.ply === 0 || isCancelled(g.status as GameStatus)) return;
    const staked = isStakedGame(g);
    if (!staked && !(g.rated && g.engineColor === null)) return;
    await new JobStore(tx).enqueue(
      g.id,
      staked ? PRIORITY.staked : PRIORITY.rated,
      payoutWaitsForAnalysis(g),
      this.clock.now(),
    );
  }

  async payout(game: GameRow): Promise<PayoutDecision> {
    // The row as it is now: the analysis' transaction sets `review` with the job's `done`.
    const g = (await new ReviewStore(this.db).game(game.id)) ?? game;
    if (g.review === 'held') return 'wait';
    if (g.review === 'cleared' || g.review === 'confirmed') return 'closed';
    if (!payoutWaitsForAnalysis(g)) return 'pay';
    const job = await new JobStore(this.db).find(g.id);
    // No job: a game finished before fair play existed.
    if (!job || !job.gate) return 'pay';
    return job.state === 'done' ? 'pay' : 'wait';
  }
}
