import { judgeMove, userColor, type PuzzleRow } from '@rush/domain';
import type { MoveRequest, MoveVerdictView, PuzzleView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newPublicId } from '../play/index.ts';
import { AttemptStore, type AttemptRecord } from './attempts.store.ts';
import { puzzleById } from './selection.store.ts';

export interface AttemptContext {
  context: 'casual' | 'solo' | 'battle';
  contextId: string | null;
  seq: number;
}

/** What the browser may see of a puzzle before solving it: no solution (issue 6 item 2). */
export function puzzleView(attempt: Pick<AttemptRecord, 'id'>, p: PuzzleRow): PuzzleView {
  return {
    attemptId: attempt.id,
    puzzleId: p.id,
    fen: p.fen,
    firstMove: p.moves[0]!,
    color: userColor(p.fen),
    rating: p.rating,
    themes: p.themes,
    userMoves: Math.floor(p.moves.length / 2),
  };
}

export interface JudgedMove {
  verdict: MoveVerdictView;
  attempt: AttemptRecord;
  /** False when this was a resend of the last judged ply (nothing changed). */
  fresh: boolean;
}

/**
 * Attempts shared by Casual, Solo and Battle: open one for a puzzle, judge a move (server side,
 * the domain's `judgeMove`; a resend of the last ply answers the same), skip, show the solution.
 * Methods take the transaction of the caller, so a rush's stats change with the verdict.
 */
export class Attempts {
  constructor(private readonly clock: Clock) {}

  async open(db: DbOrTx, uid: string, puzzle: PuzzleRow, ctx: AttemptContext): Promise<PuzzleView> {
    const row = await new AttemptStore(db).insert({
      id: newPublicId(),
      uid,
      puzzleId: puzzle.id,
      context: ctx.context,
      contextId: ctx.contextId,
      seq: ctx.seq,
      createdAt: this.clock.now(),
    });
    return puzzleView(row, puzzle);
  }

  /** The attempt's puzzle as a view (resuming after a reload). */
  async view(db: DbOrTx, attempt: AttemptRecord): Promise<PuzzleView> {
    const p = await puzzleById(db, attempt.puzzleId);
    if (!p) throw notFound();
    return puzzleView(attempt, p);
  }

  async judge(db: DbOrTx, uid: string, attemptId: string, req: MoveRequest): Promise<JudgedMove> {
    const store = new AttemptStore(db);
    const a = await store.lockOwn(uid, attemptId);
    if (!a) throw notFound();
    if (a.lastPly === req.ply && a.lastUci === req.uci && a.lastVerdict) {
      return { verdict: await this.replay(db, a), attempt: a, fresh: false };
    }
    if (a.status !== 'open') throw new AppError('CONFLICT', 'This puzzle is over.');
    if (req.ply !== a.nextPly) throw new AppError('CONFLICT', 'This move is out of turn.');
    const p = await puzzleById(db, a.puzzleId);
    if (!p) throw notFound();
    const v = judgeMove(p, req.ply, req.uci);
    const now = this.clock.now();
    const patch =
      v.verdict === 'wrong'
        ? { lastPly: req.ply, lastUci: req.uci, lastVerdict: 'wrong' as const }
        : {
            lastPly: req.ply,
            lastUci: req.uci,
            lastVerdict: 'correct' as const,
            nextPly: req.ply + 2,
            ...(v.solved ? { status: 'solved' as const, finishedAt: now } : {}),
          };
    const attempt = await store.update(a.id, patch);
    const verdict: MoveVerdictView =
      v.verdict === 'wrong'
        ? { verdict: 'wrong', reply: null, solved: false }
        : { verdict: 'correct', reply: v.solved ? null : v.reply, solved: v.solved };
    return { verdict, attempt, fresh: true };
  }

  /** Ends an open attempt as failed or skipped (rush modes); no-op when already over. */
  async close(db: DbOrTx, uid: string, attemptId: string, status: 'failed' | 'skipped'): Promise<AttemptRecord> {
    const store = new AttemptStore(db);
    const a = await store.lockOwn(uid, attemptId);
    if (!a) throw notFound();
    if (a.status !== 'open') return a;
    return store.update(a.id, { status, finishedAt: this.clock.now() });
  }

  /** Casual Solve: the whole solution; the attempt counts as failed (solutionShown). */
  async solution(db: DbOrTx, uid: string, attemptId: string): Promise<string[]> {
    const store = new AttemptStore(db);
    const a = await store.lockOwn(uid, attemptId);
    if (!a) throw notFound();
    const p = await puzzleById(db, a.puzzleId);
    if (!p) throw notFound();
    await store.update(a.id, {
      solutionShown: true,
      ...(a.status === 'open' ? { status: 'failed' as const, finishedAt: this.clock.now() } : {}),
    });
    return p.moves;
  }

  private async replay(db: DbOrTx, a: AttemptRecord): Promise<MoveVerdictView> {
    if (a.lastVerdict === 'wrong') return { verdict: 'wrong', reply: null, solved: false };
    const p = await puzzleById(db, a.puzzleId);
    const solved = a.status === 'solved';
    return { verdict: 'correct', reply: solved || !p ? null : (p.moves[a.lastPly! + 1] ?? null), solved };
  }
}
