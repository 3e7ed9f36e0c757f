import type { Db, Tx } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import type { AppError } from '../../platform/errors.ts';
import type { GameChange, GamePublisher } from './events.ts';
import { KeyedSerial } from './keyed-serial.ts';

/**
 * What a game transaction decided: a value for the caller, or a refusal to throw AFTER the
 * commit. A refusal may still carry committed changes: a move that arrives after the flag is
 * refused, and the game it ended stays ended.
 */
export type Outcome<T> = { value: T } | { refusal: AppError };
export const ok = <T>(value: T): Outcome<T> => ({ value });
export const refuse = <T = never>(refusal: AppError): Outcome<T> => ({ refusal });

const MAX_ATTEMPTS = 3;

/**
 * A cheaper way to do a command that works in the common case (one statement, no transaction):
 * its value and committed changes, or null to run the transaction instead, having written nothing.
 */
export type FirstTry<T> = (db: Db) => Promise<{ value: T; changes: GameChange[] } | null>;

/**
 * One command on one game: serialized per game on this instance, one DB transaction (the work
 * locks the row), retried on deadlock or serialization failure, and its events published after
 * the commit, in commit order. A command may try a cheaper way first (`first`), and learn what
 * it committed (`committed`) before anything else on the game runs.
 */
export class GameTransactions {
  private readonly serial = new KeyedSerial();

  constructor(
    private readonly db: Db,
    private readonly publisher: GamePublisher,
  ) {}

  run<T>(
    gameId: string,
    work: (tx: Tx, changes: GameChange[]) => Promise<Outcome<T>>,
    first?: FirstTry<T>,
    committed?: (value: T) => void,
  ): Promise<T> {
    return this.serial.run(gameId, async () => {
      // In the game's queue too, so its events still leave in commit order.
      const early = first ? await first(this.db) : null;
      if (early) {
        await this.publisher.publish(early.changes);
        return early.value;
      }
      const { outcome, changes } = await inTx(
        this.db,
        async (tx) => {
          // Each attempt collects its own events: a rolled-back attempt's never reach anyone.
          const changes: GameChange[] = [];
          return { outcome: await work(tx, changes), changes };
        },
        MAX_ATTEMPTS,
      );
      if (!('refusal' in outcome)) committed?.(outcome.value);
      await this.publisher.publish(changes);
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.value;
    });
  }

  /** A transaction that touches no single game (game creation): no per-game queue. */
  async plain<T>(work: (tx: Tx, changes: GameChange[]) => Promise<T>): Promise<T> {
    const { value, changes } = await inTx(
      this.db,
      async (tx) => {
        const changes: GameChange[] = [];
        return { value: await work(tx, changes), changes };
      },
      MAX_ATTEMPTS,
    );
    await this.publisher.publish(changes);
    return value;
  }
}
