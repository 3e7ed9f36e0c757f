import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_PAGE_SIZE, LEADERBOARD_SINCE } from '@rush/domain';
import { LeaderboardResponse, MATCH_ROUTES } from '@rush/protocol';
import { registerUser, setUserColumns, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { insertGame } from './support.ts';
import { samples } from '../support/samples.ts';

const DAY = 86_400_000;

/** SPEC 2/9 leaderboard: the wagers of each user's wins after 7 July 2022, 15 a page. */
describe.each(DB_KINDS)('leaderboard on %s', (kind) => {
  let server: TestServer;
  const get = (query: string) => new TestClient(server.baseUrl).get(`${MATCH_ROUTES.leaderboard}${query}`);
  const board = async (query: string) => {
    const res = await get(query);
    expect(res.status).toBe(200);
    return LeaderboardResponse.parse(res.body);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, http: 'inject' });
  });
  afterAll(() => server?.stop());

  it('sums the wagers of wins per currency, highest first, ties by username, after the cutoff only', async () => {
    // PGlite is enough: the players are registered side by side to save time; nothing here races
    const [ann, bob, cat, dan, eve] = await Promise.all(
      ['ann', 'bob', 'cat', 'dan', 'eve'].map((username) => registerUser(server, { username })),
    );
    const win = (
      winner: Registered,
      loser: Registered,
      currency: 'usd' | 'wbx',
      amount: number,
      endedAt = new Date(),
    ) => insertGame(server, { white: winner.uid, black: loser.uid, winner: 'white', currency, amount, endedAt });
    // bob: 5 + 10 USD as white and as black
    await win(bob!, ann!, 'usd', 500);
    await insertGame(server, { white: cat!.uid, black: bob!.uid, winner: 'black', currency: 'usd', amount: 1000 });
    // ann and cat tie at 25 USD: ann first by username
    await win(cat!, dan!, 'usd', 2500);
    await win(ann!, dan!, 'usd', 2500);
    // dan's wins: one RushCoin game (not in the USD board), one before the cutoff, one draw, one abort
    await win(dan!, eve!, 'wbx', 10_000);
    await win(dan!, eve!, 'usd', 5000, new Date(LEADERBOARD_SINCE.getTime() - DAY));
    await insertGame(server, {
      white: dan!.uid,
      black: eve!.uid,
      winner: null,
      status: 'draw',
      currency: 'usd',
      amount: 5000,
    });
    await insertGame(server, {
      white: dan!.uid,
      black: eve!.uid,
      winner: null,
      status: 'aborted',
      currency: 'usd',
      amount: 5000,
    });
    // a game still running counts for nobody; a friendly (unstaked) win neither
    await insertGame(server, { white: eve!.uid, black: dan!.uid, endedAt: null, currency: 'usd', amount: 5000 });
    await insertGame(server, { white: eve!.uid, black: dan!.uid, winner: 'white' });
    // exactly at the cutoff counts
    await win(eve!, dan!, 'usd', 100, LEADERBOARD_SINCE);

    const usd = await board('?currency=usd');
    expect(usd).toMatchObject({ currency: 'usd', page: 1, pageSize: LEADERBOARD_PAGE_SIZE, total: 4 });
    expect(usd.rows).toEqual([
      { rank: 1, uid: ann!.uid, username: 'ann', won: 2500 },
      { rank: 2, uid: cat!.uid, username: 'cat', won: 2500 },
      { rank: 3, uid: bob!.uid, username: 'bob', won: 1500 },
      { rank: 4, uid: eve!.uid, username: 'eve', won: 100 },
    ]);
    // the default currency is USD
    expect((await board('')).rows).toEqual(usd.rows);

    const wbx = await board('?currency=wbx&page=1');
    expect(wbx).toMatchObject({
      currency: 'wbx',
      total: 1,
      rows: [{ rank: 1, uid: dan!.uid, username: 'dan', won: 10_000 }],
    });

    // a closed account leaves the board; the others move up
    await setUserColumns(server, ann!.uid, { closed: true });
    const after = await board('?currency=usd');
    expect(after.total).toBe(3);
    expect(after.rows.map((r) => [r.rank, r.username])).toEqual([
      [1, 'cat'],
      [2, 'bob'],
      [3, 'eve'],
    ]);
  });

  it('pages by 15 with ranks continuing across pages and a total for the pagination', async () => {
    const loser = await registerUser(server);
    // 17 winners in RushCoins with distinct sums (above everything of the other test's dan)
    // PGlite is enough: the players are registered side by side to save time; nothing here races
    const winners = await Promise.all(
      Array.from({ length: 17 }, (_, i) => registerUser(server, { username: `w${String(i).padStart(2, '0')}` })),
    );
    for (const [i, w] of winners.entries()) {
      await insertGame(server, {
        white: w.uid,
        black: loser.uid,
        winner: 'white',
        currency: 'wbx',
        amount: 100_000 + i * 100,
      });
    }
    const first = await board('?currency=wbx&page=1');
    const second = await board('?currency=wbx&page=2');
    expect(first.total).toBe(18);
    expect(second.total).toBe(18);
    expect(first.rows).toHaveLength(15);
    expect(second.rows).toHaveLength(3);
    const all = [...first.rows, ...second.rows];
    expect(all.map((r) => r.rank)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(all[0]).toMatchObject({ username: 'w16', won: 101_600 });
    expect(all[16]).toMatchObject({ username: 'w00', won: 100_000 });
    expect(all[17]).toMatchObject({ username: 'dan', won: 10_000 });
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.won).toBeGreaterThanOrEqual(all[i]!.won);
    // past the end: an empty page, still the total
    expect(await board('?currency=wbx&page=3')).toMatchObject({ page: 3, total: 18, rows: [] });
  });

  it('answers 400, never 500, to a bad query', async () => {
    for (const q of [
      '?currency=eur',
      '?page=0',
      '?page=-1',
      '?page=1.5',
      '?page=abc',
      '?currency=usd&currency=wbx',
      '?page=1e309',
      '?page=%00',
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe('VALIDATION');
    }
    // unknown keys are ignored
    expect((await get('?foo=bar')).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('currency', 'page', 'x'),
          fc.oneof(fc.string({ maxLength: 40 }), fc.integer().map(String)),
          { maxKeys: 3 },
        ),
        async (params) => {
          const res = await get(`?${new URLSearchParams(params).toString()}`);
          expect([200, 400]).toContain(res.status);
          if (res.status === 200) LeaderboardResponse.parse(res.body);
        },
      ),
      { numRuns: samples(60) },
    );
    // raw, badly encoded query strings
    for (const q of ['?currency=%', '?page=%E0%A4%A', '?page[]=1', '?currency[$ne]=usd', '?__proto__[x]=1']) {
      expect([200, 400], q).toContain((await get(q)).status);
    }
  });
});
