import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenHistory, STANDARD_FEN } from '@rush/domain';
import { LandingResponse, MATCH_ROUTES } from '@rush/protocol';
import { registerUser } from '../accounts/support.ts';
import { FOOLS_MATE, play, Player, startGame } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { TestClient } from '../support/http-client.ts';
import { games } from '../../src/modules/play/schema.ts';
import { insertGame } from './support.ts';

const MINUTE = 60_000;

/** SPEC 2 landing: online count, games played, top 15 per currency, live games, the recent game. */
describe.each(DB_KINDS)('landing on %s', (kind) => {
  let server: TestServer;
  /** GET the landing as a visitor, or as the user whose session `client` holds. */
  const landing = async (client = new TestClient(server.baseUrl)) => {
    const res = await client.get(MATCH_ROUTES.landing);
    expect(res.status).toBe(200);
    return LandingResponse.parse(res.body);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('an empty site: zeros and empty lists, no recent game', async () => {
    const view = await landing();
    expect(view).toEqual({
      playersOnline: 0,
      totalGames: 0,
      leaderboard: { usd: [], wbx: [] },
      ongoing: [],
      recentGame: null,
      featured: null,
    });
  });

  it('counts games, ranks the top 15 of each currency, lists live games newest first, and the recent game', async () => {
    // PGlite is enough: the players are registered side by side to save time; nothing here races
    const [ann, bob, cat] = await Promise.all(
      ['ann', 'bob', 'cat'].map((username) => registerUser(server, { username })),
    );
    const now = Date.now();
    // finished: bob beats ann for $10, cat beats bob for 500 RC (the most recent), a draw with ann
    await insertGame(server, {
      white: bob!.uid,
      black: ann!.uid,
      winner: 'white',
      currency: 'usd',
      amount: 1000,
      endedAt: new Date(now - 30 * MINUTE),
    });
    const last = await insertGame(server, {
      white: cat!.uid,
      black: bob!.uid,
      winner: 'white',
      currency: 'wbx',
      amount: 50_000,
      endedAt: new Date(now - 10 * MINUTE),
    });
    await insertGame(server, {
      white: ann!.uid,
      black: cat!.uid,
      winner: null,
      status: 'draw',
      endedAt: new Date(now - 20 * MINUTE),
    });
    // live: two games; the rapid one is newer
    const older = await insertGame(server, {
      white: ann!.uid,
      black: bob!.uid,
      endedAt: null,
      createdAt: new Date(now - 5 * MINUTE),
      currency: 'usd',
      amount: 500,
      ratings: [1510, 1490],
    });
    const newer = await insertGame(server, {
      white: cat!.uid,
      black: ann!.uid,
      endedAt: null,
      createdAt: new Date(now - MINUTE),
      mode: 'wmgt_000003',
      ratings: [1700, 1420],
    });

    const visitor = await landing();
    expect(visitor.totalGames).toBe(3);
    expect(visitor.leaderboard.usd).toEqual([{ rank: 1, uid: bob!.uid, username: 'bob', won: 1000 }]);
    expect(visitor.leaderboard.wbx).toEqual([{ rank: 1, uid: cat!.uid, username: 'cat', won: 50_000 }]);
    expect(visitor.ongoing).toEqual([
      {
        gameId: newer.id,
        gameType: 'wmgt_000003',
        white: { uid: cat!.uid, username: 'cat', rating: 1700 },
        black: { uid: ann!.uid, username: 'ann', rating: 1420 },
        currency: null,
        amount: null,
        startedAt: newer.createdAt.toISOString(),
      },
      {
        gameId: older.id,
        gameType: 'wmgt_000001',
        white: { uid: ann!.uid, username: 'ann', rating: 1510 },
        black: { uid: bob!.uid, username: 'bob', rating: 1490 },
        currency: 'usd',
        amount: 500,
        startedAt: older.createdAt.toISOString(),
      },
    ]);
    // visitors get no recent game
    expect(visitor.recentGame).toBeNull();
    // The hero's board: the strongest live game (1700 + 1420 against 1510 + 1490), its position.
    expect(visitor.featured).toEqual({
      gameId: newer.id,
      live: true,
      fen: STANDARD_FEN,
      lastMove: null,
      white: { username: 'cat', rating: 1700 },
      black: { username: 'ann', rating: 1420 },
      result: null,
    });

    // bob's last game is the loss to cat; cat's the win; ann's the draw (her live games do not count)
    expect((await landing(bob!.client)).recentGame).toEqual({
      gameId: last.id,
      opponent: 'cat',
      outcome: 'loss',
      currency: 'wbx',
      amount: 50_000,
      endedAt: last.endedAt!.toISOString(),
      underReview: false,
    });
    expect((await landing(cat!.client)).recentGame).toMatchObject({ gameId: last.id, opponent: 'bob', outcome: 'win' });
    // A payout held for a fair-play review (issue 14) says so on the card.
    await server.ctx.db.update(games).set({ review: 'held' }).where(eq(games.id, last.id));
    expect((await landing(cat!.client)).recentGame).toMatchObject({ gameId: last.id, underReview: true });
    await server.ctx.db.update(games).set({ review: null }).where(eq(games.id, last.id));
    expect((await landing(ann!.client)).recentGame).toMatchObject({
      opponent: 'cat',
      outcome: 'draw',
      currency: null,
      amount: null,
    });
  });

  it('lists at most 20 live games and keeps each leaderboard to 15 rows', async () => {
    const loser = await registerUser(server);
    // PGlite is enough: the players are registered side by side to save time; nothing here races
    const winners = await Promise.all(Array.from({ length: 16 }, () => registerUser(server)));
    for (const w of winners) {
      await insertGame(server, { white: w.uid, black: loser.uid, winner: 'white', currency: 'usd', amount: 100 });
      await insertGame(server, { white: w.uid, black: loser.uid, endedAt: null });
    }
    await insertGame(server, { white: winners[0]!.uid, black: winners[1]!.uid, endedAt: null });
    await insertGame(server, { white: winners[2]!.uid, black: winners[3]!.uid, endedAt: null });
    const view = await landing();
    expect(view.leaderboard.usd).toHaveLength(15);
    expect(view.leaderboard.usd.map((r) => r.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(view.ongoing).toHaveLength(20);
    const starts = view.ongoing.map((g) => Date.parse(g.startedAt));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('a game played over the socket shows live, then counts and becomes the recent game; sockets count online', async () => {
    const before = await landing();
    const [a, b] = [await Player.join(server), await Player.join(server)];
    const { gameId, white, black } = await startGame(a, b);
    const live = await landing();
    expect(live.ongoing[0]).toMatchObject({ gameId, white: { uid: white.uid }, black: { uid: black.uid } });
    // both players' sockets are online (presence is written on connect)
    expect(live.playersOnline).toBeGreaterThanOrEqual(2);

    await play(gameId, white, black, FOOLS_MATE);
    await white.event('game.ended');
    const after = await landing(black.http);
    expect(after.totalGames).toBe(before.totalGames + 1);
    expect(after.ongoing.some((g) => g.gameId === gameId)).toBe(false);
    expect(after.recentGame).toMatchObject({ gameId, opponent: white.user.username, outcome: 'win', currency: null });
    a.close();
    b.close();
  });

  it('the hero board follows the featured live game move by move, then shows it finished with its result', async () => {
    // Nothing else live: the games the other tests left running end as aborts (never shown).
    await server.ctx.db
      .update(games)
      .set({ status: 'aborted', endedAt: new Date() })
      .where(eq(games.status, 'started'));
    const [a, b] = [await Player.join(server), await Player.join(server)];
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, FOOLS_MATE.slice(0, 2));
    const live = (await landing()).featured!;
    expect(live).toMatchObject({
      gameId,
      live: true,
      lastMove: FOOLS_MATE[1],
      fen: fenHistory(STANDARD_FEN, FOOLS_MATE.slice(0, 2)).at(-1),
      white: { username: white.user.username },
      black: { username: black.user.username },
      result: null,
    });
    await play(gameId, white, black, FOOLS_MATE.slice(2), 3);
    await white.event('game.ended');
    expect((await landing()).featured).toMatchObject({
      gameId,
      live: false,
      lastMove: FOOLS_MATE[3],
      fen: fenHistory(STANDARD_FEN, FOOLS_MATE).at(-1),
      result: '0-1',
    });
    a.close();
    b.close();
  });
});
