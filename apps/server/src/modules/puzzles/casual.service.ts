import { PUZZLE_TEXTS, targetRating, type Difficulty, type PuzzleTheme } from '@rush/domain';
import type { MoveRequest, MoveVerdictView, NextPuzzleResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Attempts } from './attempts.service.ts';
import { AttemptStore } from './attempts.store.ts';
import type { Catalog } from './catalog.service.ts';
import { puzzleRatingOf, ratePuzzleResult } from './ratings.store.ts';
import { pickFresh } from './pick.ts';
import { puzzleById } from './selection.store.ts';

/**
 * Casual puzzles (SPEC 4 /puzzle-game/casual). A wrong move does not end the attempt (the user
 * tries something else), but it decides the rated result, as on Lichess: the first wrong move
 * or Solve moves the puzzle rating down, a solve without either moves it up, once per attempt.
 * A casual attempt's `finishedAt` is when its rated result was decided: set by the first wrong
 * move (the attempt stays open for more tries) or by the end, so "already rated" is
 * `finishedAt !== null` and a resend or a second call never rates twice.
 */
export class CasualService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly attempts: Attempts,
    private readonly catalog: Catalog,
  ) {}

  async next(uid: string, q: { difficulty: Difficulty; theme: PuzzleTheme }): Promise<NextPuzzleResponse> {
    this.catalog.ensureReady();
    return this.db.transaction(async (tx) => {
      const rating = await puzzleRatingOf(tx, uid);
      const [puzzle] = await pickFresh(tx, uid, {
        target: targetRating(rating, q.difficulty),
        theme: q.theme,
        count: 1,
        never: [],
      });
      if (!puzzle) throw notFound(PUZZLE_TEXTS.noPuzzle);
      const view = await this.attempts.open(tx, uid, puzzle, { context: 'casual', contextId: null, seq: 0 });
      return { puzzle: view, userRating: Math.round(rating) };
    });
  }

  async move(uid: string, attemptId: string, req: MoveRequest): Promise<MoveVerdictView> {
    this.catalog.ensureReady();
    return this.db.transaction(async (tx) => {
      const before = await this.casualAttempt(tx, uid, attemptId);
      const judged = await this.attempts.judge(tx, uid, attemptId, req);
      if (!judged.fresh || before.finishedAt !== null || before.solutionShown) return judged.verdict;
      const now = this.clock.now();
      if (judged.verdict.verdict === 'wrong') {
        await this.rate(tx, uid, before.puzzleId, false);
        await new AttemptStore(tx).update(attemptId, { finishedAt: now });
      } else if (judged.verdict.solved) {
        await this.rate(tx, uid, before.puzzleId, true);
      }
      return judged.verdict;
    });
  }

  /** Solve: the whole solution; an attempt not rated yet counts as failed. */
  async solution(uid: string, attemptId: string): Promise<string[]> {
    this.catalog.ensureReady();
    return this.db.transaction(async (tx) => {
      const before = await this.casualAttempt(tx, uid, attemptId);
      const moves = await this.attempts.solution(tx, uid, attemptId);
      if (before.finishedAt === null && before.status === 'open') await this.rate(tx, uid, before.puzzleId, false);
      return moves;
    });
  }

  /** The user's casual attempt, locked; rush attempts are played through their own routes. */
  private async casualAttempt(tx: Tx, uid: string, id: string) {
    const a = await new AttemptStore(tx).lockOwn(uid, id);
    if (!a || a.context !== 'casual') throw notFound();
    return a;
  }

  private async rate(tx: Tx, uid: string, puzzleId: string, solved: boolean) {
    const p = await puzzleById(tx, puzzleId);
    if (p) await ratePuzzleResult(tx, uid, p.rating, solved, this.clock.now());
  }
}
