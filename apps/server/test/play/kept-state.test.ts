import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenHistory, FIRST_MOVE_MS, LAG_COMPENSATION_CAP_MS, PLAY_TEXTS, STANDARD_FEN } from '@rush/domain';
import type { MoveResult } from '@rush/protocol';
import { GameStore } from '../../src/modules/play/games.store.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { play, Player, startGame } from './support.ts';

const LINE = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5', 'c2c3', 'd7d6'];

/**
 * Issue 17: a move on a game this instance already referees is judged on the state it keeps in
 * memory and written as one conditional append. What must hold: every acknowledged move is in
 * the row exactly as the locked path would write it, and a change made anywhere else (here
 * written straight to the row, as another instance or a downtime shift would) is never
 * overwritten: the append misses and the move is judged on the locked row.
 */
describe.each(DB_KINDS)('moves on the kept state, %s', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const rowOf = (gameId: string) => new GameStore(server.database.db).find(gameId);

  it('every acknowledged move is in the row: moves, SAN, FENs, think times, clocks and version', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const start = (await rowOf(gameId))!;
    const acks = [];
    for (const [i, uci] of LINE.entries()) {
      clock.advance(1_000);
      acks.push(...(await play(gameId, white, black, [uci], i + 1)));
    }
    const row = (await rowOf(gameId))!;
    const results = acks.map((a) => a.result as MoveResult);
    expect(row.moves).toEqual(LINE);
    expect(row.san).toEqual(results.map((r) => r.san));
    expect(row.fens).toEqual(fenHistory(STANDARD_FEN, LINE));
    expect(row.fen).toBe(results.at(-1)!.fen);
    // no think time before the clocks run (two plies), then one second each
    expect(row.moveTimes).toEqual([null, null, ...LINE.slice(2).map(() => 1_000)]);
    expect(row.version).toBe(start.version + LINE.length);
    expect(results.map((r) => r.version)).toEqual(LINE.map((_, i) => start.version + i + 1));
    expect(results.at(-1)!.clock).toMatchObject({ whiteMs: row.whiteMs, blackMs: row.blackMs });
    // a resend of the last move is the same answer, applied once
    const again = await black.cmd('game.move', { gameId, ply: LINE.length, uci: LINE.at(-1) });
    expect(again.result).toMatchObject({ ply: LINE.length, san: row.san.at(-1), duplicate: true });
    expect((await rowOf(gameId))!.version).toBe(row.version);
    white.close();
    black.close();
  });

  it('a change made elsewhere (a new version) is kept: the move is judged on the row', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    await play(gameId, white, black, LINE.slice(0, 4));
    // White offers a draw through another tab on another instance: the version moves on, and
    // this instance does not know.
    const offered = await new GameStore(server.database.db).update(gameId, { drawOffer: 'white' });
    const ack = await white.cmd('game.move', { gameId, ply: 5, uci: LINE[4] });
    expect(ack.ok).toBe(true);
    const row = (await rowOf(gameId))!;
    // The move was judged on the row with the offer (the mover's own offer stands) and numbered after it.
    expect(ack.result).toMatchObject({ ply: 5, version: offered.version + 1, offers: { draw: 'white' } });
    expect(row).toMatchObject({ ply: 5, version: offered.version + 1, drawOffer: 'white' });
    // and the game goes on, on the kept state again
    await play(gameId, white, black, LINE.slice(5, 8), 6);
    expect((await rowOf(gameId))!.moves).toEqual(LINE.slice(0, 8));
    white.close();
    black.close();
  });

  it('a change that keeps the version (a downtime shift of the clocks) is kept too', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    await play(gameId, white, black, LINE.slice(0, 4));
    const before = (await rowOf(gameId))!;
    // Nobody served for a minute: every running clock moves forward by it, quietly.
    await new GameStore(server.database.db).shiftLiveGames(60_000);
    clock.advance(70_000);
    const ack = await white.cmd('game.move', { gameId, ply: 5, uci: LINE[4] });
    const whiteMs = (ack.result as MoveResult).clock.whiteMs;
    // White thought 10 s of its own time, not the 70 s the kept (unshifted) clock would charge.
    expect(whiteMs).toBeGreaterThanOrEqual(before.whiteMs - 10_000);
    expect(whiteMs).toBeLessThanOrEqual(before.whiteMs - 10_000 + LAG_COMPENSATION_CAP_MS + before.incrementMs);
    expect((await rowOf(gameId))!.whiteMs).toBe(whiteMs);
    white.close();
    black.close();
  });

  it('a game started here is kept from its first move: a first move after its deadline still ends it unstarted', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    clock.advance(FIRST_MOVE_MS);
    const late = await white.cmd('game.move', { gameId, ply: 1, uci: LINE[0] });
    // Either this move or the sweeper ended it: the result is the same.
    expect(late.error?.message).toBe(PLAY_TEXTS.gameOver);
    expect(await black.event('game.ended')).toMatchObject({ status: 'nostart' });
    expect((await rowOf(gameId))!).toMatchObject({ ply: 0, moves: [], status: 'nostart' });
    white.close();
    black.close();
  });

  it('a first move within a deadline a downtime moved later stands (the kept deadline is behind the row)', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    // Nobody served for a minute: the first-move deadline moves forward by it, quietly.
    await new GameStore(server.database.db).shiftLiveGames(60_000);
    clock.advance(FIRST_MOVE_MS + 10_000);
    const ack = await white.cmd('game.move', { gameId, ply: 1, uci: LINE[0] });
    expect(ack.ok).toBe(true);
    await play(gameId, white, black, LINE.slice(1, 4), 2);
    expect((await rowOf(gameId))!).toMatchObject({ moves: LINE.slice(0, 4), status: 'started' });
    white.close();
    black.close();
  });
});
