import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_FEN } from '@rush/domain';
import { FAIRPLAY_ROUTES, type HeldGamesResponse } from '@rush/protocol';
import { EnginePool, EngineService, engineCommand } from '../../src/modules/engine/index.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Registered } from '../accounts/support.ts';
import { matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser } from '../wallet/support/wallet.ts';
import { analysed, colours, gameRow } from './support.ts';

const DEPTH = 6;

/**
 * End to end on the real engine (the bundled npm Stockfish, no stand-in): both sides play
 * Stockfish's first choice at the analysis depth, at a steady pace; the loser resigns after 40
 * plies. The server's own analysis must flag the winner and hold the pot.
 */
describe.each(DB_KINDS)('fair play with Stockfish (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  const engine = new EngineService(
    new EnginePool({
      command: engineCommand(undefined),
      size: 1,
      queueMax: 8,
      log: { warn: () => {}, error: () => {} },
    }),
  );
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      clock: 'manual',
      env: { ...ADMIN_ENV, ENGINE_POOL_SIZE: '1', FAIRPLAY_DEPTH: String(DEPTH) },
    });
    admin = await adminUser(server);
    clock = server.clock as ManualClock;
  });
  afterAll(async () => {
    await engine.close();
    await server.stop();
  });

  it('a game replayed from engine moves is flagged and its pot held', async () => {
    const a = await matchPlayer(server, admin, { usd: 5_000 });
    const b = await matchPlayer(server, admin, { usd: 5_000 });
    const gameId = await startMatch(server, a, b, usdSeek(server, 5));
    const { white, black } = await colours(a, b, gameId);
    const moves: string[] = [];
    for (let ply = 1; ply <= 40; ply++) {
      const best = (await engine.analyseLines(STANDARD_FEN, moves, { depth: DEPTH, multipv: 1 })).bestMove;
      expect(best).toBeTruthy();
      clock.advance(1_200);
      const ack = await (ply % 2 === 1 ? white : black).cmd('game.move', { gameId, ply, uci: best });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      moves.push(best!);
      if ((await gameRow(server, gameId)).status !== 'started') break;
    }
    expect((await gameRow(server, gameId)).status).toBe('started');
    expect((await black.cmd('game.resign', { gameId })).ok).toBe(true);
    await analysed(server, gameId, 120_000);
    expect((await gameRow(server, gameId)).review).toBe('held');
    const held = (await admin.client.get(FAIRPLAY_ROUTES.held)).body as HeldGamesResponse;
    const item = held.games.find((g) => g.gameId === gameId)!;
    expect(item.winner.uid).toBe(white.uid);
    expect(item.white!.top1).toBeGreaterThanOrEqual(0.6);
  }, 180_000);
});
