import type { Db, Tx } from '../../platform/db/database.ts';
import { isRetryable } from '../../platform/db/sql-errors.ts';
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
 * One command on one game: serialized per game on this instance, one DB transaction (the work
 * locks the row), retried on deadlock or serialization failure, and its events published after
 * the commit, in commit order.
 */
export class GameTransactions {
  private readonly serial = new KeyedSerial();

  constructor(
    private readonly db: Db,
    private readonly publisher: GamePublisher,
  ) {}

  run<T>(gameId: string, work: (tx: Tx, changes: GameChange[]) => Promise<Outcome<T>>): Promise<T> {
    return this.serial.run(gameId, async () => {
      for (let attempt = 1; ; attempt++) {
        const changes: GameChange[] = [];
        let outcome: Outcome<T>;
        try {
          outcome = await this.db.transaction((tx) => work(tx, changes));
        } catch (err) {
          if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
          throw err;
        }
        await this.publisher.publish(changes);
        if ('refusal' in outcome) throw outcome.refusal;
        return outcome.value;
      }
    });
  }

  /** A transaction that touches no single game (game creation): no per-game queue. */
  async plain<T>(work: (tx: Tx, changes: GameChange[]) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const changes: GameChange[] = [];
      try {
        const value = await this.db.transaction((tx) => work(tx, changes));
        await this.publisher.publish(changes);
        return value;
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw err;
      }
    }
  }
}
