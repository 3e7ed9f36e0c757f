import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS, RC_REWARDS } from '@rush/domain';
import { HistoryResponse, LinkChessResponse, PLAY_ROUTES, RatingsResponse } from '@rush/protocol';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FOOLS_MATE, play, Player, startGame } from './support.ts';

/** Linking the chess account (once, 500 RC), ratings, History (SPEC 2) and PGN export. */
describe.each(POSTGRES_TOO)('link, ratings, history on %s', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('links once per person, sets Me.chessUsername and pays 500 RC once', async () => {
    const p = await Player.join(server);
    const before = (await p.http.get('/api/session')).body.user;
    expect(before.chessUsername).toBeNull();
    const res = await p.http.post(PLAY_ROUTES.link, {});
    expect(res.status).toBe(200);
    expect(LinkChessResponse.parse(res.body)).toMatchObject({
      linked: true,
      chessUsername: p.user.username,
      rewardGranted: true,
      ratings: { blitz: { rating: 1500, provisional: true, games: 0 }, rapid: { rating: 1500 } },
    });
    const me = (await p.http.get('/api/session')).body.user;
    expect(me.chessUsername).toBe(p.user.username);
    expect(me.balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
    // a second link is refused and pays nothing
    const again = await p.http.post(PLAY_ROUTES.link, {});
    expect(again).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: PLAY_TEXTS.alreadyLinked } },
    });
    expect((await p.http.get('/api/session')).body.user.balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
    // concurrent double click: still one profile, one reward
    const q = await Player.join(server);
    const both = await Promise.all([q.http.post(PLAY_ROUTES.link, {}), q.http.post(PLAY_ROUTES.link, {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await q.http.get('/api/session')).body.user.balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
    // visitors cannot link; bodies are checked
    expect((await fetch(server.baseUrl + PLAY_ROUTES.link, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
    expect((await q.http.post(PLAY_ROUTES.link, { x: 1 })).status).toBe(400);
    p.close();
    q.close();
  });

  itOnPglite('history lists finished games with the SPEC 2 fields; PGN exports them; ratings move', async () => {
    const [a, b] = [await Player.join(server), await Player.join(server)];
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, FOOLS_MATE);
    await white.event('game.ended');
    const wh = HistoryResponse.parse((await white.http.get(PLAY_ROUTES.history)).body);
    const bh = HistoryResponse.parse((await black.http.get(`${PLAY_ROUTES.history}?page=1`)).body);
    expect(wh.total).toBe(1);
    expect(wh.items[0]).toMatchObject({
      gameId,
      outcome: 'loss',
      resultText: 'L: ',
      color: 'white',
      opponent: { uid: black.uid, username: black.user.username },
      analyzeUrl: `/tv/${gameId}?analysis=1`,
      statusText: 'Checkmate',
    });
    expect(wh.items[0]!.date).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(bh.items[0]).toMatchObject({
      outcome: 'win',
      resultText: 'W: ',
      analyzeUrl: `/tv/${gameId}?analysis=1&orientation=black`,
    });
    expect((await white.http.get(`${PLAY_ROUTES.history}?page=0`)).status).toBe(400);
    expect((await fetch(server.baseUrl + PLAY_ROUTES.history)).status).toBe(401);

    const pgn = await fetch(server.baseUrl + PLAY_ROUTES.pgn(gameId));
    expect(pgn.headers.get('content-type')).toContain('application/x-chess-pgn');
    const text = await pgn.text();
    expect(text).toContain(`[White "${white.user.username}"]`);
    expect(text).toContain('1. f3 e5 2. g4 Qh4# 0-1');
    const chess = new Chess();
    chess.loadPgn(text);
    expect(chess.isCheckmate()).toBe(true);
    expect(
      (await fetch(server.baseUrl + PLAY_ROUTES.pgn(gameId) + '?download=1')).headers.get('content-disposition'),
    ).toContain('.pgn');
    expect((await fetch(server.baseUrl + PLAY_ROUTES.pgn('nope'))).status).toBe(404);

    const r = RatingsResponse.parse(await (await fetch(server.baseUrl + PLAY_ROUTES.ratings(black.uid))).json());
    expect(r.ratings.blitz.rating).toBeGreaterThan(1500);
    expect(r.ratings.blitz.games).toBe(1);
    expect(r.ratings.rapid).toMatchObject({ rating: 1500, games: 0 });
    expect((await fetch(server.baseUrl + PLAY_ROUTES.ratings('00000000-0000-0000-0000-000000000000'))).status).toBe(
      404,
    );
    // the next game shows the new ratings on the board
    const next = await startGame(a, b);
    const blackUid = black.uid;
    expect(next.view.white.uid === blackUid ? next.view.white.rating : next.view.black.rating).toBe(
      r.ratings.blitz.rating,
    );
    a.close();
    b.close();
  });
});
