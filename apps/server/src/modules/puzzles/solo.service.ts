import {
  DIFFICULTIES,
  PUZZLE_TEXTS,
  PUZZLE_THEMES,
  RUSH_BATCH,
  RUSH_MAX_STRIKES,
  SOLO_RUSH_MS,
  rushScore,
  targetRating,
  type Difficulty,
  type PuzzleTheme,
} from '@rush/domain';
import type { MoveVerdictView, SoloRunView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { sqlErrorOf, SQLSTATE } from '../../platform/db/sql-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newPublicId } from '../play/index.ts';
import type { Attempts } from './attempts.service.ts';
import { AttemptStore, type AttemptRecord } from './attempts.store.ts';
import type { Catalog } from './catalog.service.ts';
import { puzzleRatingOf } from './ratings.store.ts';
import { hasOpenBattle, lockPuzzlePlayer } from './one-game.store.ts';
import { pickFresh } from './pick.ts';
import { SoloStore, type SoloRun } from './solo.store.ts';

export interface RushMove {
  attemptId: string;
  ply: number;
  uci: string;
}

const puzzleOver = () => new AppError('CONFLICT', 'This puzzle is over.');
const timeUp = () => new AppError('CONFLICT', PUZZLE_TEXTS.timeUp);

const difficultyOf = (s: string): Difficulty =>
  (DIFFICULTIES as readonly string[]).includes(s) ? (s as Difficulty) : 'normal';
const themeOf = (s: string): PuzzleTheme =>
  (PUZZLE_THEMES as readonly string[]).includes(s) ? (s as PuzzleTheme) : 'healthyMix';

/**
 * Solo Puzzle Rush (SPEC 4 /puzzle-game/solo-rush). A run is `ready` with a batch of puzzles
 * opened as attempts (seq 0, 1, ...); the first correct move starts the 180 s (`running`,
 * `endsAt`); a wrong move fails the puzzle (a strike, the streak resets) and moves on; Skip
 * moves on too; RUSH_BATCH puzzles are kept ahead. The run finishes at `endsAt` (checked on every
 * call and swept by a job on any instance), at RUSH_MAX_STRIKES strikes, or when the player ends
 * it. Every call is one transaction with the run row locked.
 */
export class SoloService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly attempts: Attempts,
    private readonly catalog: Catalog,
  ) {}

  /** A new run, or the user's open one. */
  async start(uid: string, req: { difficulty: Difficulty; theme: PuzzleTheme }): Promise<SoloRunView> {
    this.catalog.ensureReady();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const store = new SoloStore(tx);
          await lockPuzzlePlayer(tx, uid);
          const open = await store.openOf(uid, true);
          if (open) {
            const settled = await this.settle(tx, open);
            if (settled.status !== 'finished') return this.view(tx, settled);
          }
          // One puzzle game at a time: a battle seat keeps the player out of solo rushes.
          if (await hasOpenBattle(tx, uid)) throw new AppError('CONFLICT', PUZZLE_TEXTS.inBattle);
          const run = await store.insert({
            id: newPublicId(),
            uid,
            status: 'ready',
            difficulty: req.difficulty,
            theme: req.theme,
            createdAt: this.clock.now(),
          });
          if ((await this.topUp(tx, run)) === 0) throw notFound(PUZZLE_TEXTS.noPuzzle);
          return this.view(tx, run);
        });
      } catch (err) {
        // Two starts at once: the partial unique index lets one run in; the other reads it.
        if (attempt < 2 && sqlErrorOf(err)?.code === SQLSTATE.uniqueViolation) continue;
        throw err;
      }
    }
  }

  async get(uid: string, runId: string): Promise<SoloRunView> {
    return this.onRun(uid, runId, (tx, run) => this.view(tx, run));
  }

  async move(uid: string, runId: string, req: RushMove): Promise<{ verdict: MoveVerdictView; run: SoloRunView }> {
    return this.onRun(uid, runId, async (tx, run) => {
      const a = await this.attemptOf(tx, uid, run, req.attemptId);
      if (a.lastPly === req.ply && a.lastUci === req.uci && a.lastVerdict) {
        // A resend of the last judged move: the same verdict, nothing changes.
        const judged = await this.attempts.judge(tx, uid, a.id, { ply: req.ply, uci: req.uci });
        return { verdict: judged.verdict, run: await this.view(tx, run) };
      }
      if (run.status === 'finished') throw timeUp();
      if (a.seq !== run.current || a.status !== 'open') throw puzzleOver();
      const { verdict } = await this.attempts.judge(tx, uid, a.id, { ply: req.ply, uci: req.uci });
      const now = this.clock.now();
      let patch: Partial<SoloRun>;
      if (verdict.verdict === 'wrong') {
        await this.attempts.close(tx, uid, a.id, 'failed');
        patch = { strikes: run.strikes + 1, currentStreak: 0, current: run.current + 1 };
      } else {
        patch =
          run.status === 'ready'
            ? { status: 'running', startedAt: now, endsAt: new Date(now.getTime() + SOLO_RUSH_MS) }
            : {};
        if (verdict.solved) {
          const streak = run.currentStreak + 1;
          const largest = Math.max(run.largestStreak, streak);
          const completed = run.puzzlesCompleted + 1;
          patch = {
            ...patch,
            puzzlesCompleted: completed,
            currentStreak: streak,
            largestStreak: largest,
            score: rushScore(completed, largest),
            current: run.current + 1,
          };
        }
      }
      const next = await this.advance(tx, run, patch);
      return { verdict, run: await this.view(tx, next) };
    });
  }

  async skip(uid: string, runId: string, attemptId: string): Promise<SoloRunView> {
    return this.onRun(uid, runId, async (tx, run) => {
      const a = await this.attemptOf(tx, uid, run, attemptId);
      if (a.status === 'skipped') return this.view(tx, run); // a resend
      if (run.status === 'finished') throw timeUp();
      if (a.seq !== run.current || a.status !== 'open') throw puzzleOver();
      await this.attempts.close(tx, uid, a.id, 'skipped');
      const next = await this.advance(tx, run, { skips: run.skips + 1, currentStreak: 0, current: run.current + 1 });
      return this.view(tx, next);
    });
  }

  /** The player ends the run now (the result popup); a finished run answers as it is. */
  async finish(uid: string, runId: string): Promise<SoloRunView> {
    return this.onRun(uid, runId, async (tx, run) =>
      this.view(tx, run.status === 'finished' ? run : await this.end(tx, run)),
    );
  }

  /** The user's open run (the active puzzle game), after its deadline is applied. */
  async activeOf(uid: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const open = await new SoloStore(tx).openOf(uid, true);
      if (!open) return null;
      const run = await this.settle(tx, open);
      return run.status === 'finished' ? null : run.id;
    });
  }

  /** Finishes the runs whose time is over (a job on every instance; the row lock makes it once). */
  async sweep(): Promise<number> {
    const ids = await new SoloStore(this.db).overdue(this.clock.now(), 100);
    let finished = 0;
    for (const id of ids) {
      await this.db.transaction(async (tx) => {
        const run = await new SoloStore(tx).lockById(id);
        if (run && run.status === 'running' && (await this.settle(tx, run)).status === 'finished') finished++;
      });
    }
    return finished;
  }

  private async onRun<T>(uid: string, runId: string, work: (tx: Tx, run: SoloRun) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const run = await new SoloStore(tx).lockOwn(uid, runId);
      if (!run) throw notFound();
      return work(tx, await this.settle(tx, run));
    });
  }

  private async attemptOf(tx: Tx, uid: string, run: SoloRun, attemptId: string): Promise<AttemptRecord> {
    const a = await new AttemptStore(tx).lockOwn(uid, attemptId);
    if (!a || a.context !== 'solo' || a.contextId !== run.id) throw notFound();
    return a;
  }

  /** Applies a move's or skip's changes, then the strike limit and the batch ahead. */
  private async advance(tx: Tx, run: SoloRun, patch: Partial<SoloRun>): Promise<SoloRun> {
    // A right move inside a puzzle that is not solved yet changes nothing on the run.
    if (Object.keys(patch).length === 0) return run;
    const next = await new SoloStore(tx).update(run.id, patch);
    if (next.strikes >= RUSH_MAX_STRIKES) return this.end(tx, next);
    if (next.current !== run.current) {
      await this.topUp(tx, next);
      // Nothing left to play (a tiny catalogue): the run is over.
      const ahead = await new SoloStore(tx).attemptsFrom(next.uid, next.id, next.current);
      if (ahead.length === 0) return this.end(tx, next);
    }
    return next;
  }

  /** The deadline, applied on every call: a running run past `endsAt` is finished. */
  private async settle(tx: Tx, run: SoloRun): Promise<SoloRun> {
    if (run.status === 'running' && run.endsAt && run.endsAt.getTime() <= this.clock.now().getTime()) {
      return this.end(tx, run);
    }
    return run;
  }

  private async end(tx: Tx, run: SoloRun): Promise<SoloRun> {
    const now = this.clock.now();
    const store = new SoloStore(tx);
    const score = rushScore(run.puzzlesCompleted, run.largestStreak);
    const done = await store.update(run.id, { status: 'finished', finishedAt: now, score });
    await store.keepBest(run.uid, run.id, score, now);
    return done;
  }

  /** Opens attempts until RUSH_BATCH puzzles are ahead; answers how many are ahead. */
  private async topUp(tx: Tx, run: SoloRun): Promise<number> {
    const store = new SoloStore(tx);
    const ahead = await store.attemptsFrom(run.uid, run.id, run.current);
    const need = RUSH_BATCH - ahead.length;
    if (need <= 0) return ahead.length;
    const rating = await puzzleRatingOf(tx, run.uid);
    const picks = await pickFresh(tx, run.uid, {
      target: targetRating(rating, difficultyOf(run.difficulty)),
      theme: themeOf(run.theme),
      count: need,
      never: await store.puzzleIds(run.uid, run.id),
    });
    let seq = ahead.length > 0 ? ahead[ahead.length - 1]!.seq + 1 : run.current;
    for (const p of picks) {
      await this.attempts.open(tx, run.uid, p, { context: 'solo', contextId: run.id, seq: seq++ });
    }
    return ahead.length + picks.length;
  }

  private async view(tx: Tx, run: SoloRun): Promise<SoloRunView> {
    const store = new SoloStore(tx);
    const ahead = run.status === 'finished' ? [] : await store.attemptsFrom(run.uid, run.id, run.current);
    const puzzles = [];
    for (const a of ahead.slice(0, RUSH_BATCH)) puzzles.push(await this.attempts.view(tx, a));
    return {
      runId: run.id,
      status: run.status,
      endsAt: run.endsAt ? run.endsAt.toISOString() : null,
      durationMs: SOLO_RUSH_MS,
      stats: {
        puzzlesCompleted: run.puzzlesCompleted,
        strikes: run.strikes,
        skips: run.skips,
        currentStreak: run.currentStreak,
        largestStreak: run.largestStreak,
        score: rushScore(run.puzzlesCompleted, run.largestStreak),
      },
      puzzles,
      best: await store.bestOf(run.uid),
      serverNow: this.clock.now().toISOString(),
    };
  }
}
