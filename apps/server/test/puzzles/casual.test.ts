import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUZZLE_TEXTS, RECENT_PUZZLES } from '@rush/domain';
import { NextPuzzleResponse, PUZZLE_ROUTES } from '@rush/protocol';
import { Attempts } from '../../src/modules/puzzles/attempts.service.ts';
import { puzzleRatings } from '../../src/modules/puzzles/schema.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FOUR_PLY, MATE_IN_ONE, puzzleOf, seedPuzzles } from './support.ts';

describe.each(DB_KINDS)('casual puzzles on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind, http: 'inject' });
    await seedPuzzles(server.ctx.db);
  });
  afterAll(() => server?.stop());

  const next = async (user: Registered, query = '') => {
    const res = await user.client.get(`${PUZZLE_ROUTES.next}${query}`);
    expect(res.status).toBe(200);
    return { parsed: NextPuzzleResponse.parse(res.body), raw: JSON.stringify(res.body) };
  };
  /** A casual attempt at a chosen puzzle (next picks at random; these tests need a known one). */
  const attemptAt = async (user: Registered, puzzleId: string) =>
    new Attempts(server.clock).open(server.ctx.db, user.uid, await puzzleOf(server, puzzleId), {
      context: 'casual',
      contextId: null,
      seq: 0,
    });
  const move = (user: Registered, attemptId: string, ply: number, uci: string) =>
    user.client.post(PUZZLE_ROUTES.move(attemptId), { ply, uci });
  const ratingRow = async (uid: string) =>
    (await server.ctx.db.select().from(puzzleRatings).where(eq(puzzleRatings.uid, uid)))[0];

  it('picks around the rating plus the difficulty offset, with the theme, and never sends the solution', async () => {
    const user = await registerUser(server);
    const windows: Array<[string, number, number]> = [
      ['', 1400, 1600],
      ['?difficulty=normal', 1400, 1600],
      ['?difficulty=harder', 1700, 1900],
      ['?difficulty=easier', 1100, 1300],
      ['?difficulty=hardest', 2000, 2200],
      ['?difficulty=easiest', 800, 1000],
    ];
    for (const [query, lo, hi] of windows) {
      const { parsed, raw } = await next(user, query);
      expect(parsed.userRating).toBe(1500);
      expect(parsed.puzzle.rating).toBeGreaterThanOrEqual(lo);
      expect(parsed.puzzle.rating).toBeLessThanOrEqual(hi);
      const p = await puzzleOf(server, parsed.puzzle.puzzleId);
      expect(parsed.puzzle).toMatchObject({
        fen: p.fen,
        firstMove: p.moves[0],
        userMoves: Math.floor(p.moves.length / 2),
      });
      // Nothing past the setup move reaches the browser.
      for (const m of p.moves.slice(1)) expect(raw).not.toContain(m);
      expect(Object.keys(parsed.puzzle).sort()).toEqual(
        ['attemptId', 'color', 'fen', 'firstMove', 'puzzleId', 'rating', 'themes', 'userMoves'].sort(),
      );
    }
    for (let i = 0; i < 5; i++) {
      const { parsed } = await next(user, '?theme=fork');
      expect(parsed.puzzle.themes).toContain('fork');
      expect(Math.abs(parsed.puzzle.rating - 1500)).toBeLessThanOrEqual(100);
    }
  });

  it('does not repeat recent puzzles', async () => {
    const user = await registerUser(server);
    const ids: string[] = [];
    // 20 puzzles lie within 1500 ± 100; then the wider windows are searched.
    for (let i = 0; i < 25; i++) ids.push((await next(user)).parsed.puzzle.puzzleId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(RECENT_PUZZLES).toBeGreaterThan(ids.length);
  });

  it('refuses bad queries with a 400 and signed-out users with a 401', async () => {
    const user = await registerUser(server);
    expect((await user.client.get(`${PUZZLE_ROUTES.next}?difficulty=insane`)).status).toBe(400);
    expect((await user.client.get(`${PUZZLE_ROUTES.next}?theme=checkers`)).status).toBe(400);
    expect((await new TestClient(server.baseUrl).get(PUZZLE_ROUTES.next)).status).toBe(401);
  });

  it('judges moves: right with the reply, wrong keeps the attempt open, resend is idempotent, out of turn 409', async () => {
    const user = await registerUser(server);
    const a = await attemptAt(user, FOUR_PLY); // e7d6, then d3d4 g6g5 f4g5
    expect(a.color).toBe('white');
    const wrong = await move(user, a.attemptId, 1, 'd3e3');
    expect(wrong.body).toEqual({ verdict: 'wrong', reply: null, solved: false });
    expect((await move(user, a.attemptId, 3, 'f4g5')).status).toBe(409);
    const right = await move(user, a.attemptId, 1, 'd3d4');
    expect(right.body).toEqual({ verdict: 'correct', reply: 'g6g5', solved: false });
    const resend = await move(user, a.attemptId, 1, 'd3d4');
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual(right.body);
    const outOfTurn = await move(user, a.attemptId, 5, 'a1a2');
    expect(outOfTurn.status).toBe(409);
    const solved = await move(user, a.attemptId, 3, 'f4g5');
    expect(solved.body).toEqual({ verdict: 'correct', reply: null, solved: true });
    expect((await move(user, a.attemptId, 3, 'f4g5')).body).toEqual(solved.body);
    expect((await move(user, a.attemptId, 3, 'f4f5')).status).toBe(409);
  });

  it("accepts any mating move in a mate in one and keeps others' attempts out of reach", async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const one = await attemptAt(user, MATE_IN_ONE); // h8g8, then f1f8 or d1d8
    expect((await move(other, one.attemptId, 1, 'f1f8')).status).toBe(404);
    expect((await other.client.post(PUZZLE_ROUTES.solution(one.attemptId), {})).status).toBe(404);
    expect((await move(user, one.attemptId, 1, 'd1d8')).body).toEqual({
      verdict: 'correct',
      reply: null,
      solved: true,
    });
    const two = await attemptAt(user, MATE_IN_ONE);
    expect((await move(user, two.attemptId, 1, 'f1f8')).body).toEqual({
      verdict: 'correct',
      reply: null,
      solved: true,
    });
    const three = await attemptAt(user, MATE_IN_ONE);
    expect((await move(user, three.attemptId, 1, 'f1f7')).body.verdict).toBe('wrong');
    expect((await move(user, 'no-such-attempt', 1, 'f1f8')).status).toBe(404);
  });

  it('moves the puzzle rating up on a clean solve and down on a mistake or Solve, once per attempt', async () => {
    const user = await registerUser(server);
    expect(await ratingRow(user.uid)).toBeUndefined();

    const clean = await attemptAt(user, MATE_IN_ONE);
    await move(user, clean.attemptId, 1, 'f1f8');
    await move(user, clean.attemptId, 1, 'f1f8'); // a resend
    const up = await ratingRow(user.uid);
    expect(up!.games).toBe(1);
    expect(up!.rating).toBeGreaterThan(1500);

    const mistaken = await attemptAt(user, FOUR_PLY);
    await move(user, mistaken.attemptId, 1, 'd3e3');
    await move(user, mistaken.attemptId, 1, 'd3c3'); // a second mistake: no second rating change
    const down = await ratingRow(user.uid);
    expect(down!.games).toBe(2);
    expect(down!.rating).toBeLessThan(up!.rating);
    // Solving it after the mistake does not move the rating up again.
    await move(user, mistaken.attemptId, 1, 'd3d4');
    await move(user, mistaken.attemptId, 3, 'f4g5');
    expect((await ratingRow(user.uid))!.games).toBe(2);

    const shown = await attemptAt(user, FOUR_PLY);
    const solution = await user.client.post(PUZZLE_ROUTES.solution(shown.attemptId), {});
    expect(solution.body).toEqual({ moves: ['e7d6', 'd3d4', 'g6g5', 'f4g5'] });
    const afterSolve = await ratingRow(user.uid);
    expect(afterSolve!.games).toBe(3);
    expect(afterSolve!.rating).toBeLessThan(down!.rating);
    expect((await user.client.post(PUZZLE_ROUTES.solution(shown.attemptId), {})).status).toBe(200);
    expect((await move(user, shown.attemptId, 1, 'd3d4')).status).toBe(409);
    expect((await ratingRow(user.uid))!.games).toBe(3);

    // Next aims at the new rating.
    const { parsed } = await next(user);
    expect(parsed.userRating).toBe(Math.round(afterSolve!.rating));
  });

  it('answers "no puzzle" when nothing matches', async () => {
    const user = await registerUser(server);
    // The fixture has no bishop endgame.
    const res = await user.client.get(`${PUZZLE_ROUTES.next}?theme=bishopEndgame`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(PUZZLE_TEXTS.noPuzzle);
  });
});
