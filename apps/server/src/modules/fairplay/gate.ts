import { isCancelled, MIN_VERDICT_PLIES, type GameStatus } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { JobStore, PRIORITY } from './jobs.store.ts';
import { ReviewStore, type GameRow } from './review.store.ts';

/** The escrow prefix of games between people (matchmaking's `match:{id}`). */
const MATCH_PREFIX = 'match:';

/** A staked game between two people (not a bot game: the house is its opponent). */
export const isStakedMatch = (g: Pick<GameRow, 'stakeAmount' | 'source' | 'engineColor'>): boolean =>
  g.stakeAmount !== null && g.engineColor === null && (g.source?.startsWith(MATCH_PREFIX) ?? false);

export const winnerUidOf = (g: Pick<GameRow, 'winner' | 'whiteId' | 'blackId'>): string | null =>
  g.winner === 'white' ? g.whiteId : g.winner === 'black' ? g.blackId : null;

/**
 * Whether a finished game's payout waits for its analysis (issue 14): staked, decided (a winner,
 * not cancelled) and long enough for a verdict. Draws and short games settle at once.
 */
export function payoutWaitsForAnalysis(g: GameRow): boolean {
  return (
    isStakedMatch(g) &&
    g.status !== 'started' &&
    !isCancelled(g.status as GameStatus) &&
    winnerUidOf(g) !== null &&
    g.ply >= MIN_VERDICT_PLIES
  );
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
    const staked = isStakedMatch(g);
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
