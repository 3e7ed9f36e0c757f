import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { PLAY_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES } from '@rush/protocol';
import type { GamePublisher } from '../../src/modules/play/events.ts';
import { GameStore } from '../../src/modules/play/games.store.ts';
import { PlayerPresence } from '../../src/modules/play/presence.ts';
import type { SpectatorService } from '../../src/modules/play/spectators.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { engineEnv, fundedPlayer, startedBot } from './support.ts';

/**
 * The engine's side of a bot game has no socket (issue 36): the presence sweep marked it gone, so
 * the player read "Your opponent disconnected. You can claim victory in 0:57." and, a minute
 * later, could claim the staked game from an engine that never left.
 */
describe.each(DB_KINDS)('an engine never leaves its game (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: engineEnv('script') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The play module's own sweep, run now rather than on its timer. */
  const sweep = () =>
    new PlayerPresence(
      server.ctx.db,
      server.clock,
      { publish: async () => {} } as unknown as GamePublisher,
      {} as SpectatorService,
      { warn: () => {} } as unknown as FastifyBaseLogger,
    ).sweep();

  test('the presence sweep does not mark the engine gone; a claim against the engine is refused', async () => {
    const p = await fundedPlayer(server, units(1000));
    const { view, white } = await startedBot(p, 'low', 50);
    const engine = white ? 'black' : 'white';
    const games = new GameStore(server.ctx.db);
    expect((await games.find(view.gameId))!.engineColor).toBe(engine);

    await sweep();
    const after = (await games.find(view.gameId))!;
    expect([after.status, after.disconnectColor, after.disconnectGraceEndsAt]).toEqual(['started', null, null]);
    expect((await p.view(view.gameId)).disconnect ?? null).toBeNull();

    // Whatever a row says (an old one, marked before this mend), the engine's side is not claimable.
    await games.setDisconnect(view.gameId, engine, new Date(server.clock.now().getTime() - 1_000));
    const claim = await p.cmd('game.claimVictory', { gameId: view.gameId });
    expect(claim.error?.message).toBe(PLAY_TEXTS.cannotClaim);
    expect((await games.find(view.gameId))!.status).toBe('started');
    expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
  }, 60_000);
});
