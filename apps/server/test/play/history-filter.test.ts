import { describe, expect, it } from 'vitest';
import { HistoryResponse, MATCH_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Registered } from '../accounts/support.ts';
import { changed, matchPlayer, startMatchServer, usdSeek, wbxSeek } from '../matchmaking/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { play, Player } from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

/**
 * Plays a staked match to a resignation and clears both records, so the players can seek again.
 * The clock first moves past the seek debounce; with `widen`, it then waits the rating window
 * wide enough for ratings an earlier game moved apart, so the periodic pairing run pairs the two.
 */
async function playStaked(
  clock: ManualClock,
  a: Player,
  b: Player,
  seek: Record<string, unknown>,
  widen = false,
): Promise<string> {
  clock.advance(5_000);
  for (const p of [a, b]) expect((await p.http.post(MATCH_ROUTES.seek, seek)).status).toBe(200);
  if (widen) clock.advance(15_000);
  for (const p of [a, b]) await changed(p, (m) => m.state === 'matched');
  for (const p of [a, b]) expect((await p.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
  const gameId = ((await a.event('game.started')) as { gameId: string }).gameId;
  const white = (await a.view(gameId)).white.uid === a.uid ? a : b;
  const black = white === a ? b : a;
  await white.watch(gameId);
  await black.watch(gameId);
  await play(gameId, white, black, ['e2e4', 'e7e5']);
  expect((await a.cmd('game.resign', { gameId })).ok).toBe(true);
  await changed(a, (m) => m.state === 'finished');
  await changed(b, (m) => m.state === 'finished');
  for (const p of [a, b]) expect((await p.http.post(MATCH_ROUTES.done, {})).status).toBe(200);
  return gameId;
}

/** SPEC 7 getMyCashGames / getMyWBXGames: History filtered by the currency a game was staked in. */
describe.each(DB_KINDS)('history by currency (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startMatchServer(kind)));

  it('lists cash games, RushCoin games or all of them; refuses an unknown currency', async () => {
    const first = await matchPlayer(server, admin, { usd: 2000, wbx: 100_000n });
    const b = await matchPlayer(server, admin, { usd: 2000 });
    const c = await matchPlayer(server, admin, { wbx: 100_000n });
    const cash = await playStaked(clock, first, b, usdSeek(server, 5));
    // A fresh socket, so the first game's events are not read as the second's.
    first.close();
    const a = await Player.join(server, first.user);
    await a.follow(`user:${a.uid}`);
    const coins = await playStaked(clock, a, c, wbxSeek(100), true);

    const list = async (query: string) => {
      const res = await a.http.get(`${PLAY_ROUTES.history}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return HistoryResponse.parse(res.body);
    };
    const all = await list('');
    expect(all.total).toBe(2);
    expect(all.items.map((i) => i.gameId)).toEqual([coins, cash]);
    const usd = await list('?currency=usd');
    expect(usd).toMatchObject({ total: 1, page: 1 });
    expect(usd.items).toEqual([expect.objectContaining({ gameId: cash, stake: { currency: 'usd', amount: 500 } })]);
    const wbx = await list('?page=1&currency=wbx');
    expect(wbx.total).toBe(1);
    expect(wbx.items).toEqual([
      expect.objectContaining({ gameId: coins, stake: expect.objectContaining({ currency: 'wbx' }) }),
    ]);
    // The other players see only their own games under each filter.
    expect((await b.http.get(`${PLAY_ROUTES.history}?currency=wbx`)).body).toMatchObject({ total: 0, items: [] });
    expect((await c.http.get(`${PLAY_ROUTES.history}?currency=wbx`)).body).toMatchObject({ total: 1 });

    const bad = await a.http.get(`${PLAY_ROUTES.history}?currency=btc`);
    expect(bad.status).toBe(400);
    for (const p of [a, b, c]) p.close();
  });
});
