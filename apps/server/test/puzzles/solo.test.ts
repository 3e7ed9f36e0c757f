import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUZZLE_TEXTS, RUSH_BATCH, RUSH_MAX_STRIKES, SOLO_RUSH_MS, rushScore } from '@rush/domain';
import { PUZZLE_ROUTES, SoloRunView } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { soloBest, soloRuns } from '../../src/modules/puzzles/schema.ts';
import { eventually, registerUser, type Registered } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { puzzleOf, seedPuzzles } from './support.ts';

describe.each(POSTGRES_TOO)('solo puzzle rush on %s', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;

  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual' });
    clock = server.clock as ManualClock;
    await seedPuzzles(server.ctx.db);
  });
  afterAll(() => server?.stop());

  const start = async (user: Registered, body: object = {}) => {
    const res = await user.client.post(PUZZLE_ROUTES.soloStart, body);
    expect(res.status).toBe(200);
    return SoloRunView.parse(res.body);
  };
  const moveRes = (user: Registered, runId: string, attemptId: string, ply: number, uci: string) =>
    user.client.post(PUZZLE_ROUTES.soloMove(runId), { attemptId, ply, uci });
  const move = async (user: Registered, runId: string, attemptId: string, ply: number, uci: string) => {
    const res = await moveRes(user, runId, attemptId, ply, uci);
    expect(res.status).toBe(200);
    return { verdict: res.body.verdict as { verdict: string; solved: boolean }, run: SoloRunView.parse(res.body.run) };
  };
  /** Plays the current puzzle's whole solution (the test reads it from the catalogue). */
  const solveCurrent = async (user: Registered, run: SoloRunView) => {
    const current = run.puzzles[0]!;
    const p = await puzzleOf(server, current.puzzleId);
    let last = run;
    for (let ply = 1; ply < p.moves.length; ply += 2)
      last = (await move(user, run.runId, current.attemptId, ply, p.moves[ply]!)).run;
    return last;
  };
  /** A move that is never right: from a square to itself. */
  const failCurrent = (user: Registered, run: SoloRunView) =>
    move(user, run.runId, run.puzzles[0]!.attemptId, 1, 'a1a1');
  const get = async (user: Registered, runId: string) => {
    const res = await user.client.get(PUZZLE_ROUTES.solo(runId));
    expect(res.status).toBe(200);
    return SoloRunView.parse(res.body);
  };

  itOnPglite('starts ready with a batch ahead, and the 180 s start at the first correct move', async () => {
    const user = await registerUser(server);
    const run = await start(user, { difficulty: 'normal', theme: 'healthyMix' });
    expect(run).toMatchObject({ status: 'ready', endsAt: null, durationMs: SOLO_RUSH_MS, best: 0 });
    expect(run.puzzles).toHaveLength(RUSH_BATCH);
    expect(new Set(run.puzzles.map((p) => p.puzzleId)).size).toBe(RUSH_BATCH);
    // Starting again answers the open run.
    expect((await start(user)).runId).toBe(run.runId);
    const active = await user.client.get(PUZZLE_ROUTES.active);
    expect(active.body).toEqual({ active: { mode: 'solo', id: run.runId, route: '/puzzle-game/solo-rush' } });

    clock.advance(60_000); // waiting before the first move costs nothing
    const p = await puzzleOf(server, run.puzzles[0]!.puzzleId);
    const first = await move(user, run.runId, run.puzzles[0]!.attemptId, 1, p.moves[1]!);
    expect(first.verdict.verdict).toBe('correct');
    expect(first.run.status).toBe('running');
    expect(first.run.endsAt).toBe(new Date(clock.now().getTime() + SOLO_RUSH_MS).toISOString());
  });

  itOnPglite(
    'counts solves and streaks, fails a puzzle on a wrong move, skips, and scores 10 x completed x multiplier',
    async () => {
      const user = await registerUser(server);
      let run = await start(user);
      const seen = new Set(run.puzzles.map((p) => p.puzzleId));
      run = await solveCurrent(user, run);
      expect(run.stats).toMatchObject({ puzzlesCompleted: 1, currentStreak: 1, largestStreak: 1, score: 10 });
      expect(run.puzzles).toHaveLength(RUSH_BATCH);
      run = await solveCurrent(user, run);
      run = await solveCurrent(user, run);
      expect(run.stats).toMatchObject({
        puzzlesCompleted: 3,
        currentStreak: 3,
        largestStreak: 3,
        score: rushScore(3, 3),
      });
      expect(run.stats.score).toBe(90);

      const failed = await failCurrent(user, run);
      expect(failed.verdict).toMatchObject({ verdict: 'wrong', solved: false });
      run = failed.run;
      expect(run.stats).toMatchObject({ strikes: 1, currentStreak: 0, largestStreak: 3, score: 90 });
      expect(run.status).toBe('running');

      const skipped = run.puzzles[0]!;
      const skip = await user.client.post(PUZZLE_ROUTES.soloSkip(run.runId), { attemptId: skipped.attemptId });
      expect(skip.status).toBe(200);
      run = SoloRunView.parse(skip.body);
      expect(run.stats).toMatchObject({ skips: 1, currentStreak: 0, strikes: 1 });
      expect(run.puzzles[0]!.attemptId).not.toBe(skipped.attemptId);
      // A resend of the skip changes nothing.
      const again = SoloRunView.parse(
        (await user.client.post(PUZZLE_ROUTES.soloSkip(run.runId), { attemptId: skipped.attemptId })).body,
      );
      expect(again.stats.skips).toBe(1);
      // A past puzzle cannot be played any more.
      expect((await moveRes(user, run.runId, skipped.attemptId, 1, 'a1a2')).status).toBe(409);
      for (const p of run.puzzles) seen.add(p.puzzleId);
      expect(seen.size).toBeGreaterThanOrEqual(5 + RUSH_BATCH);
    },
  );

  itOnPglite('answers a resent move with the same verdict and refuses moves on puzzles ahead', async () => {
    const user = await registerUser(server);
    const run = await start(user);
    const [current, ahead] = run.puzzles;
    const p = await puzzleOf(server, current!.puzzleId);
    // Ahead is checked before the first move: a one-move puzzle is solved by it, and the
    // puzzle that was ahead becomes the current one (the sample draws puzzles at random).
    const q = await puzzleOf(server, ahead!.puzzleId);
    expect((await moveRes(user, run.runId, ahead!.attemptId, 1, q.moves[1]!)).status).toBe(409);
    const first = await move(user, run.runId, current!.attemptId, 1, p.moves[1]!);
    const resend = await move(user, run.runId, current!.attemptId, 1, p.moves[1]!);
    expect(resend.verdict).toEqual(first.verdict);
    expect(resend.run.stats).toEqual(first.run.stats);
    const next = resend.run.puzzles[1]!;
    const r = await puzzleOf(server, next.puzzleId);
    expect((await moveRes(user, run.runId, next.attemptId, 1, r.moves[1]!)).status).toBe(409);
    const other = await registerUser(server);
    expect((await moveRes(other, run.runId, current!.attemptId, 1, p.moves[1]!)).status).toBe(404);
    expect((await other.client.get(PUZZLE_ROUTES.solo(run.runId))).status).toBe(404);
  });

  itOnPglite(`finishes at ${RUSH_MAX_STRIKES} strikes`, async () => {
    const user = await registerUser(server);
    let run = await start(user);
    for (let i = 0; i < RUSH_MAX_STRIKES; i++) run = (await failCurrent(user, run)).run;
    expect(run.status).toBe('finished');
    expect(run.stats.strikes).toBe(RUSH_MAX_STRIKES);
    expect(run.puzzles).toEqual([]);
    expect((await user.client.get(PUZZLE_ROUTES.active)).body).toEqual({ active: null });
    // A new start is a new run.
    expect((await start(user)).runId).not.toBe(run.runId);
  });

  itOnPglite('finishes at the deadline on the next call, and by the sweep without any call', async () => {
    const user = await registerUser(server);
    let run = await start(user);
    run = await solveCurrent(user, run);
    clock.advance(SOLO_RUSH_MS);
    const late = await moveRes(user, run.runId, run.puzzles[0]!.attemptId, 1, 'a1a2');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(PUZZLE_TEXTS.timeUp);
    const finished = await get(user, run.runId);
    expect(finished).toMatchObject({ status: 'finished', best: 10 });
    expect(finished.stats.score).toBe(10);

    const swept = await start(user);
    expect(swept.runId).not.toBe(run.runId);
    await solveCurrent(user, swept);
    clock.advance(SOLO_RUSH_MS + 1);
    await eventually(async () => {
      const [row] = await server.ctx.db.select().from(soloRuns).where(eq(soloRuns.id, swept.runId));
      return row?.status === 'finished';
    }, 10_000);
  });

  itOnPglite('keeps the best score across runs and ends a run on Finish', async () => {
    const user = await registerUser(server);
    let run = await start(user);
    run = await solveCurrent(user, run);
    run = await solveCurrent(user, run); // 2 completed, streak 2: 10 x 2 x 2 = 40
    const done = await user.client.post(PUZZLE_ROUTES.soloFinish(run.runId), {});
    expect(SoloRunView.parse(done.body)).toMatchObject({ status: 'finished', best: 40, stats: { score: 40 } });
    // Finishing again answers the same.
    expect((await user.client.post(PUZZLE_ROUTES.soloFinish(run.runId), {})).body.best).toBe(40);

    let worse = await start(user);
    worse = await solveCurrent(user, worse);
    const second = SoloRunView.parse((await user.client.post(PUZZLE_ROUTES.soloFinish(worse.runId), {})).body);
    expect(second.stats.score).toBe(10);
    expect(second.best).toBe(40);
    const [best] = await server.ctx.db.select().from(soloBest).where(eq(soloBest.uid, user.uid));
    expect(best).toMatchObject({ score: 40, runId: run.runId });
  });

  it('gives one run to two starts at once', async () => {
    const user = await registerUser(server);
    const runs = await Promise.all([start(user), start(user), start(user)]);
    expect(new Set(runs.map((r) => r.runId)).size).toBe(1);
  });
});
