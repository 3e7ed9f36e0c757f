import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAG_COMPENSATION_CAP_MS } from '@rush/domain';
import { ManualClock } from '../../src/platform/clock.ts';
import { register } from '../realtime/support/accounts.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { startTwoInstances, clientOn } from '../support/two-instances.ts';
import type { TestServer } from '../support/server.ts';
import { play, Player, startGame } from './support.ts';

/**
 * Scale-out (issue 4, ARCHITECTURE 4): two server instances on one PostgreSQL and one Redis
 * serve one game. Players on different instances play a full game; both sweepers race for the
 * same flag and it fires once. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('two instances on PostgreSQL + Redis', () => {
  let A: TestServer;
  let B: TestServer;
  let stop: (() => Promise<void>) | undefined;
  const clock = new ManualClock();
  beforeAll(async () => {
    ({ A, B, stop } = await startTwoInstances({ clock }));
  });
  afterAll(() => stop?.());

  /** One person signed up on A, with HTTP and socket on the given instance. */
  async function playerOn(server: TestServer): Promise<Player> {
    const u = await register(A);
    return Player.join(server, { ...u, client: clientOn(u.client, server) });
  }

  it('players on different instances play a full game; a spectator on a third socket sees it', async () => {
    const a = await playerOn(A);
    const b = await playerOn(B);
    const { gameId, white, black } = await startGame(a, b);
    const watcher = await playerOn(B);
    await watcher.watch(gameId);
    await play(gameId, white, black, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    for (const p of [white, black, watcher])
      expect(await p.event('game.moved', (d) => d.ply === 4)).toMatchObject({ san: 'Nc6' });
    await white.cmd('game.resign', { gameId });
    for (const p of [white, black, watcher]) expect(await p.event('game.ended')).toMatchObject({ status: 'resign' });
    const v = await black.view(gameId);
    expect(v).toMatchObject({ status: 'resign', ply: 4 });
    for (const p of [a, b, watcher]) p.close();
  });

  it('concurrent moves on two instances: the row lock serializes them', async () => {
    const a = await playerOn(A);
    const b = await playerOn(B);
    const { gameId, white, black } = await startGame(a, b);
    const other = white.baseUrl === A.baseUrl ? B : A;
    const tab = await Player.join(other, { ...white.user, client: clientOn(white.http, other) });
    const ids = [
      white.send('game.move', { gameId, ply: 1, uci: 'e2e4' }),
      tab.send('game.move', { gameId, ply: 1, uci: 'd2d4' }),
    ];
    const acks = [await white.ack(ids[0]!), await tab.ack(ids[1]!)];
    expect(acks.filter((x) => x.ok)).toHaveLength(1);
    expect((await black.view(gameId)).ply).toBe(1);
    // and the game goes on from the winning move
    const applied = (await black.view(gameId)).moves[0];
    await play(gameId, white, black, applied === 'e2e4' ? ['e7e5', 'g1f3'] : ['d7d5', 'c2c4'], 2);
    for (const p of [white, black, tab]) p.close();
  });

  it('a move on the kept state races a move on the other instance: exactly one stands', async () => {
    // Both players on A: A keeps the game after the first moves and appends later ones.
    const a = await playerOn(A);
    const b = await playerOn(A);
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
    const tab = await Player.join(B, { ...white.user, client: clientOn(white.http, B) });
    // Each round: two legal moves for white whatever the earlier rounds chose, and black's reply.
    const rounds = [
      { candidates: ['a2a3', 'h2h3'], reply: 'a7a6' },
      { candidates: ['b2b3', 'g2g3'], reply: 'h7h6' },
      { candidates: ['c2c3', 'b1c3'], reply: 'g7g6' },
      { candidates: ['d2d3', 'd2d4'], reply: 'b7b6' },
    ];
    for (const [round, { candidates, reply }] of rounds.entries()) {
      const ply = 5 + 2 * round;
      const before = (await black.view(gameId)).version;
      const ids = [
        white.send('game.move', { gameId, ply, uci: candidates[0] }),
        tab.send('game.move', { gameId, ply, uci: candidates[1] }),
      ];
      const acks = [await white.ack(ids[0]!), await tab.ack(ids[1]!)];
      expect(
        acks.filter((x) => x.ok),
        JSON.stringify({ round, acks }),
      ).toHaveLength(1);
      const view = await black.view(gameId);
      expect(view).toMatchObject({ ply, version: before + 1 });
      expect(candidates).toContain(view.moves[ply - 1]);
      await play(gameId, white, black, [reply], ply + 1);
    }
    for (const p of [white, black, tab]) p.close();
  });

  it('two sweepers, one flag: the game ends once', async () => {
    const a = await playerOn(A);
    const b = await playerOn(B);
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    clock.advance(180_000 + LAG_COMPENSATION_CAP_MS);
    expect(await black.event('game.ended', () => true, 5_000)).toMatchObject({ status: 'outoftime', winner: 'black' });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(black.socket.messages.filter((m) => m.t === 'ev' && m.type === 'game.ended')).toHaveLength(1);
    expect((await white.view(gameId)).status).toBe('outoftime');
    white.close();
    black.close();
  });
});
