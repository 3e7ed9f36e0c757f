import type { DbOrTx } from '../../platform/db/database.ts';
import { isRetryable } from '../../platform/db/sql-errors.ts';
import { GameStore, type AppendedRow, type MoveAppend } from './games.store.ts';

/** The most moves one statement carries: bounds the statement and the wait of its last move. */
export const MAX_MOVES_PER_COMMIT = 256;

interface Waiting {
  append: MoveAppend;
  resolve(row: AppendedRow | null): void;
  reject(err: unknown): void;
}

/**
 * Group commit of moves (issue 35): the conditional appends of many games written as one
 * statement, so one commit (one WAL flush on PostgreSQL) for all of them. Natural batching, no
 * timer: with nothing in flight a move is written at the end of the event loop's turn that
 * brought it (setImmediate: the moves read from other sockets in the same turn join it, which
 * costs a lone move microseconds); while a write is in flight the moves that arrive wait, and go
 * together as soon as it returns. PGlite answers within the turn that asked (it runs in this
 * thread), so there only the moves of one turn share a commit; on PostgreSQL every move that
 * arrives during a commit's round trip and WAL flush joins the next. So a lone move waits for
 * nothing, and under load the commits per second stop growing with the moves.
 *
 * Each move keeps its own condition (GameStore.appendMoves): one whose game moved on gets null
 * (nothing written, judged again on the locked row) and the others commit. Each promise settles
 * only after the statement that carries its move returned: a move is acknowledged after its
 * commit, never before, so an acknowledged move is as durable as before.
 */
export class MoveCommits {
  private waiting: Waiting[] = [];
  private flushing = false;
  private scheduled = false;
  /** Statements written (each one commit) and the moves they carried: what the batching saves. */
  readonly figures = { commits: 0, moves: 0 };

  constructor(private readonly db: DbOrTx) {}

  /** Writes one move's append with whatever else is waiting; null when its condition failed. */
  append(append: MoveAppend): Promise<AppendedRow | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.waiting.length === 0) return;
    this.flushing = true;
    try {
      await this.commit(this.take());
    } finally {
      this.flushing = false;
    }
    // What arrived during the commit goes next, with what else this turn brings.
    if (this.waiting.length > 0) this.schedule();
  }

  /**
   * The next batch, in arrival order. One game appears once in a statement (its second move was
   * judged on its first, so it goes in the next one); a game's moves are serialized by its
   * caller anyway, this only keeps the statement's meaning whatever the caller does.
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const games = new Set<string>();
    for (const w of this.waiting) {
      if (batch.length < MAX_MOVES_PER_COMMIT && !games.has(w.append.id)) {
        games.add(w.append.id);
        batch.push(w);
      } else rest.push(w);
    }
    this.waiting = rest;
    return batch;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const store = new GameStore(this.db);
    try {
      if (batch.length === 1) {
        // Alone: the prepared single-row statement, the cheapest write of one move.
        const { id, judgedOn, move, scalars } = batch[0]!.append;
        const row = await store.appendMove(id, judgedOn, move, scalars);
        this.counted(1);
        batch[0]!.resolve(row);
        return;
      }
      const written = await store.appendMoves(batch.map((w) => w.append));
      this.counted(batch.length);
      for (const w of batch) w.resolve(written.get(w.append.id) ?? null);
    } catch (err) {
      // A deadlock with another instance's batch rolled the whole statement back: nothing of it
      // was written, so each move is written again on its own.
      if (batch.length > 1 && isRetryable(err)) {
        for (const w of batch) await this.commit([w]);
        return;
      }
      for (const w of batch) w.reject(err);
    }
  }

  private counted(moves: number): void {
    this.figures.commits++;
    this.figures.moves += moves;
  }
}
