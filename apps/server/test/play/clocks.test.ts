import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCONNECT_GRACE_MS, FIRST_MOVE_MS, LAG_COMPENSATION_CAP_MS, PLAY_TEXTS } from '@rush/domain';
import type { MoveResult } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { play, Player, startGame } from './support.ts';

/** Server clocks against an injected clock: flags by the sweeper, first moves, lag, disconnects. */
describe.each(DB_KINDS)('clocks and deadlines on %s', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const pair = async () => [await Player.join(server), await Player.join(server)] as const;

  it('the side to move pays its time; lag is credited up to the cap', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    clock.advance(20_000); // first moves are free
    await play(gameId, white, black, ['e2e4']);
    clock.advance(25_000);
    const second = (await black.cmd('game.move', { gameId, ply: 2, uci: 'e7e5' })).result as MoveResult;
    expect(second.clock).toMatchObject({ whiteMs: 180_000, blackMs: 180_000 });
    expect(second.clock.runningSince).toBe(clock.now().toISOString());
    clock.advance(10_000);
    const third = (await white.cmd('game.move', { gameId, ply: 3, uci: 'g1f3', lagMs: 5_000 })).result as MoveResult;
    expect(third.clock.whiteMs).toBe(180_000 - 10_000 + LAG_COMPENSATION_CAP_MS);
    clock.advance(1_000);
    const fourth = (await black.cmd('game.move', { gameId, ply: 4, uci: 'b8c6', lagMs: 100 })).result as MoveResult;
    expect(fourth.clock.blackMs).toBe(180_000 - 1_000 + 100);
    white.close();
    black.close();
  });

  it('the sweeper flags the side to move at its deadline, once', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    clock.advance(180_000 + LAG_COMPENSATION_CAP_MS - 1);
    expect(await white.got('game.ended')).toBe(false);
    // a move now is still in time (it gets the full lag credit)
    expect((await white.cmd('game.move', { gameId, ply: 3, uci: 'g1f3', lagMs: LAG_COMPENSATION_CAP_MS })).ok).toBe(
      true,
    );
    clock.advance(180_000 + LAG_COMPENSATION_CAP_MS);
    const ended = await white.event('game.ended', () => true, 3_000);
    expect(ended).toMatchObject({ status: 'outoftime', winner: 'white', statusText: PLAY_TEXTS.statusOutOfTime });
    expect(ended.clock.blackMs).toBe(0);
    // a late move is refused, the result stands, and nothing fires twice
    expect((await black.cmd('game.move', { gameId, ply: 4, uci: 'b8c6' })).error).toMatchObject({
      code: 'CONFLICT',
      message: PLAY_TEXTS.gameOver,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(white.socket.messages.filter((m) => m.t === 'ev' && m.type === 'game.ended')).toHaveLength(1);
    expect(await white.view(gameId)).toMatchObject({ status: 'outoftime', winner: 'white', resultTitle: 'CONGRATS' });
    white.close();
    black.close();
  });

  it('a move after the flag ends the game on time (when the sweeper has not run yet)', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    clock.advance(181_000);
    const late = await white.cmd('game.move', { gameId, ply: 3, uci: 'g1f3' });
    // Either this move or the sweeper ended it: the result is the same.
    expect(late.ok).toBe(false);
    expect(await black.event('game.ended')).toMatchObject({ status: 'outoftime', winner: 'black' });
    white.close();
    black.close();
  });

  it("no first move within the deadline: Game didn't start (ABORTED, unrated)", async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4']);
    clock.advance(FIRST_MOVE_MS);
    const ended = await white.event('game.ended', () => true, 3_000);
    expect(ended).toMatchObject({ status: 'nostart', winner: null, statusText: "Game didn't start", ratingDiff: null });
    expect((await black.view(gameId)).resultTitle).toBe('ABORTED');
    white.close();
    black.close();
  });

  it('a disconnected opponent: published grace period, then claim victory; coming back clears it', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    white.close();
    const gone = await black.event('game.presence', (d) => d.disconnect !== null);
    expect(gone).toMatchObject({ white: false, black: true, disconnect: { color: 'white' } });
    expect(Date.parse(gone.disconnect.graceEndsAt)).toBe(clock.now().getTime() + DISCONNECT_GRACE_MS);
    expect((await black.cmd('game.claimVictory', { gameId })).error?.message).toBe(PLAY_TEXTS.cannotClaim);
    // white comes back: cleared
    const back = await Player.join(server, white.user);
    expect(await black.event('game.presence', (d) => d.disconnect === null && d.white)).toBeTruthy();
    back.close();
    await black.event('game.presence', (d) => d.disconnect?.color === 'white');
    clock.advance(DISCONNECT_GRACE_MS);
    expect((await black.cmd('game.claimVictory', { gameId })).ok).toBe(true);
    expect(await black.event('game.ended')).toMatchObject({
      status: 'timeout',
      winner: 'black',
      statusText: 'One of the players left the game',
    });
    black.close();
  });
});
