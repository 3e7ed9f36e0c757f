import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_TEXTS } from '@rush/domain';
import { PLAYER_ROUTES, PlayerCardResponse, PlayerSeriesResponse } from '@rush/protocol';
import { registerUser, setUserColumns } from '../accounts/support.ts';
import { FOOLS_MATE, play, Player, startGame } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { botAccounts } from '../../src/modules/bots/schema.ts';
import { games, ratingHistory } from '../../src/modules/play/schema.ts';
import { insertGame } from './support.ts';

const HOUR = 3_600_000;

/** The statement of migration 0027 that filled the history from the games rated before it. */
function backfillStatement(): string {
  // PGlite is enough: the backfill is plain SQL read from the migration; every migration runs on PostgreSQL too, into the run's template
  const file = path.resolve(import.meta.dirname, '../../drizzle/0027_rating_history.sql');
  const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const insert = statements.find((s) => s.includes('INSERT INTO "rating_history"'));
  if (!insert) throw new Error('no backfill in 0027');
  return insert;
}

/** Issue 19: a player's public card and charts. */
describe.each(DB_KINDS)('player card and series on %s', (kind) => {
  let server: TestServer;
  const visitor = () => new TestClient(server.baseUrl);
  const card = async (uid: string, client = visitor()) => {
    const res = await client.get(PLAYER_ROUTES.card(uid));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PlayerCardResponse.parse(res.body);
  };
  const series = async (uid: string, client = visitor()) => {
    const res = await client.get(PLAYER_ROUTES.series(uid));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PlayerSeriesResponse.parse(res.body);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('a player who has not played: default ratings, no record, every series empty', async () => {
    const u = await registerUser(server, { username: 'fresh' });
    const c = await card(u.uid);
    expect(c).toMatchObject({ uid: u.uid, username: 'fresh', usernameColor: 'username_color_000001', avatarUrl: null });
    expect(c.ratings.blitz).toMatchObject({ rating: 1500, provisional: true, games: 0 });
    expect(c.ratings.rapid).toMatchObject({ rating: 1500, provisional: true, games: 0 });
    expect(c.record).toEqual({ played: 0, won: 0, lost: 0, drawn: 0 });
    expect(Date.parse(c.memberSince)).not.toBeNaN();
    expect(await series(u.uid)).toEqual({
      uid: u.uid,
      ratings: { blitz: [], rapid: [] },
      money: { usd: [], wbx: [] },
    });
  });

  it('a game played to mate over the socket adds one rating point per player, the rating the card shows', async () => {
    const [a, b] = [await Player.join(server), await Player.join(server)];
    const { gameId, white, black } = await startGame(a, b, 'wmgt_000001');
    await play(gameId, white, black, FOOLS_MATE);
    await white.event('game.ended');
    const ended = await white.view(gameId);
    expect(ended.winner).toBe('black');

    for (const [player, side] of [
      [white, ended.white],
      [black, ended.black],
    ] as const) {
      const s = await series(player.uid);
      expect(s.ratings.rapid).toEqual([]);
      expect(s.ratings.blitz).toEqual([{ at: ended.endedAt, rating: side.rating + side.ratingDiff! }]);
      // The card's rating is the last point of the chart.
      const c = await card(player.uid);
      expect(c.ratings.blitz.rating).toBe(s.ratings.blitz[0]!.rating);
      expect(c.ratings.blitz.games).toBe(1);
      expect(s.money).toEqual({ usd: [], wbx: [] });
    }
    expect((await series(black.uid)).ratings.blitz[0]!.rating).toBeGreaterThan(1500);
    expect((await series(white.uid)).ratings.blitz[0]!.rating).toBeLessThan(1500);
    expect((await card(black.uid)).record).toEqual({ played: 1, won: 1, lost: 0, drawn: 0 });
    expect((await card(white.uid)).record).toEqual({ played: 1, won: 0, lost: 1, drawn: 0 });

    // A second game (rapid this time) adds a point to that family only, in time order.
    const again = await startGame(a, b, 'wmgt_000003');
    await play(again.gameId, again.white, again.black, FOOLS_MATE);
    await again.white.event('game.ended', (d: { gameId: string }) => d.gameId === again.gameId);
    const s = await series(a.uid);
    expect(s.ratings.blitz).toHaveLength(1);
    expect(s.ratings.rapid).toHaveLength(1);
    expect((await card(a.uid)).record.played).toBe(2);

    // Migration 0027's backfill gives the same rows the finisher wrote (rating at start + change).
    const written = await server.ctx.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
    expect(written).toHaveLength(2);
    await server.ctx.db.delete(ratingHistory).where(eq(ratingHistory.gameId, gameId));
    await server.ctx.db.execute(sql.raw(backfillStatement()));
    const refilled = await server.ctx.db.select().from(ratingHistory).where(eq(ratingHistory.gameId, gameId));
    const key = (r: { userId: string }) => r.userId;
    expect([...refilled].sort((x, y) => key(x).localeCompare(key(y)))).toEqual(
      [...written].sort((x, y) => key(x).localeCompare(key(y))),
    );
    a.close();
    b.close();
  });

  it('money over time: running wagers won and lost per currency; draws, aborts, unstaked and held games add nothing', async () => {
    // PGlite is enough: the players are registered side by side to save time; nothing here races
    const [me, foe, other, fourth] = await Promise.all(
      ['mia', 'foe', 'other', 'fourth'].map((username) => registerUser(server, { username })),
    );
    const t0 = Date.now() - 100 * HOUR;
    const at = (h: number) => new Date(t0 + h * HOUR);
    const base = { white: me!.uid, black: foe!.uid };
    await insertGame(server, { ...base, winner: 'white', currency: 'usd', amount: 1000, endedAt: at(1) });
    await insertGame(server, {
      white: foe!.uid,
      black: me!.uid,
      winner: 'white',
      currency: 'usd',
      amount: 500,
      endedAt: at(2),
    });
    await insertGame(server, { ...base, winner: 'black', currency: 'wbx', amount: 5000, endedAt: at(3) });
    await insertGame(server, { ...base, winner: null, status: 'draw', currency: 'usd', amount: 2500, endedAt: at(4) });
    await insertGame(server, {
      ...base,
      winner: null,
      status: 'aborted',
      currency: 'usd',
      amount: 2500,
      endedAt: at(5),
    });
    await insertGame(server, { ...base, winner: 'white', endedAt: at(6) });
    await insertGame(server, { ...base, winner: 'white', currency: 'usd', amount: 2500, endedAt: null });
    const held = await insertGame(server, { ...base, winner: 'white', currency: 'usd', amount: 4000, endedAt: at(7) });
    await server.ctx.db.update(games).set({ review: 'held' }).where(eq(games.id, held.id));
    // someone else's game
    await insertGame(server, {
      white: other!.uid,
      black: fourth!.uid,
      winner: 'white',
      currency: 'usd',
      amount: 9900,
      endedAt: at(8),
    });
    await insertGame(server, { ...base, winner: 'white', currency: 'usd', amount: 100, endedAt: at(9) });

    const s = await series(me!.uid);
    expect(s.money).toEqual({
      usd: [
        { at: at(1).toISOString(), won: 1000, lost: 0 },
        { at: at(2).toISOString(), won: 1000, lost: 500 },
        { at: at(9).toISOString(), won: 1100, lost: 500 },
      ],
      wbx: [{ at: at(3).toISOString(), won: 0, lost: 5000 }],
    });
    // The opponent's chart mirrors it (their wins are my losses).
    const f = await series(foe!.uid);
    expect(f.money.usd.at(-1)).toEqual({ at: at(9).toISOString(), won: 500, lost: 1100 });
    expect(f.money.wbx).toEqual([{ at: at(3).toISOString(), won: 5000, lost: 0 }]);
    // Inserted rows carry no rating change: no rating point.
    expect(s.ratings).toEqual({ blitz: [], rapid: [] });
    // The record counts results, not money: 4 wins (the held one is still a win on the board), 2 losses, a draw.
    expect((await card(me!.uid)).record).toEqual({ played: 7, won: 4, lost: 2, drawn: 1 });

    // Once cleared, the held payout is a win like the others.
    await server.ctx.db.update(games).set({ review: 'cleared' }).where(eq(games.id, held.id));
    expect((await series(me!.uid)).money.usd.map((p) => p.won)).toEqual([1000, 1000, 5000, 5100]);
  });

  it('anyone may read a card (visitors too); closed and bot accounts have none, banned players keep theirs', async () => {
    const u = await registerUser(server);
    expect((await card(u.uid, u.client)).uid).toBe(u.uid);
    await setUserColumns(server, u.uid, { banned: true, banReason: 'test' });
    expect((await card(u.uid)).uid).toBe(u.uid);

    await setUserColumns(server, u.uid, { closed: true });
    for (const route of [PLAYER_ROUTES.card(u.uid), PLAYER_ROUTES.series(u.uid)]) {
      const res = await visitor().get(route);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: PLAYER_TEXTS.notFound });
    }

    const [bot] = await server.ctx.db.select().from(botAccounts).limit(1);
    expect(bot).toBeDefined();
    expect((await visitor().get(PLAYER_ROUTES.card(bot!.userId))).status).toBe(404);
    expect((await visitor().get(PLAYER_ROUTES.series(bot!.userId))).status).toBe(404);
    expect((await visitor().get(PLAYER_ROUTES.series('nobody'))).status).toBe(404);
  });

  it('answers 400, never 500, to a malformed id', async () => {
    for (const bad of ['a%20b', '%00', 'x'.repeat(65), '..%2F..']) {
      for (const route of [PLAYER_ROUTES.card(bad), PLAYER_ROUTES.series(bad)]) {
        const res = await visitor().get(route);
        expect([400, 404], `${route} ${res.status}`).toContain(res.status);
        expect(res.status).not.toBe(500);
      }
    }
    expect((await visitor().get(PLAYER_ROUTES.card('a b'))).status).toBe(400);
  });
});
