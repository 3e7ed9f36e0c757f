import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BOT_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES } from '@rush/protocol';
import { BotMoney } from '../../src/modules/bots/money.ts';
import { createWalletCore } from '../../src/modules/wallet/module.ts';
import { testWalletLinks } from '../wallet/support/wallet.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance, sumPerCurrency } from '../../src/modules/wallet/ledger.store.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { Player } from '../play/support.ts';
import {
  botMoved,
  botRow,
  engineEnv,
  fundedPlayer,
  HUMAN_BLACK_MATES,
  HUMAN_WHITE_MATES,
  playLine,
  startBot,
  startedBot,
} from './support.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0).reverse()) await s.stop();
});
const rc = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);

describe.each(POSTGRES_TOO)('bot games survive crashes and load (%s)', (kind) => {
  const testOnPglite = pgliteIt(kind);
  testOnPglite(
    'an instance dies holding the bot move: another instance on the same database takes it over after the lease',
    async () => {
      const a = await startTestServer({ kind, clock: 'manual', env: engineEnv('hang') });
      servers.push(a);
      const clock = a.clock as ManualClock;
      const p = await fundedPlayer(a, units(1000));
      const { view, white } = await startedBot(p, 'low', 50);
      const line = white ? HUMAN_WHITE_MATES : HUMAN_BLACK_MATES;
      if (white) expect((await p.cmd('game.move', { gameId: view.gameId, ply: 1, uci: line[0] })).ok).toBe(true);
      const botPly = white ? 2 : 1;
      // Instance A claimed the bot's move and its engine hangs.
      for (let i = 0; i < 200 && (await botRow(a, view.gameId)).leasePly !== botPly - 1; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect((await botRow(a, view.gameId)).leasePly).toBe(botPly - 1);
      // PGlite is enough: B starts while A's engine hangs, not mid-transaction: the lease row decides, in turn
      const b = await startTestServer({ database: a.database, clock, env: engineEnv('script') });
      servers.push(b);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await p.view(view.gameId)).ply).toBe(botPly - 1); // B respects A's claim
      clock.advance(20_000);
      const q = new Player(p.user, p.socket, b.baseUrl);
      await botMoved(q, view.gameId, botPly, line[botPly - 1]!);
    },
    90_000,
  );

  testOnPglite(
    'an engine killed in the middle of a search is replaced and the game goes on',
    async () => {
      const server = await startTestServer({ kind, env: engineEnv('script-crash-once') });
      servers.push(server);
      const p = await fundedPlayer(server, units(1000));
      const { view, white } = await startedBot(p, 'low', 50);
      await playLine(p, view.gameId, white, white ? HUMAN_WHITE_MATES : HUMAN_BLACK_MATES);
      expect((await p.view(view.gameId)).status).toBe('mate');
    },
    90_000,
  );

  testOnPglite(
    'a full engine queue refuses a new bot game with a clear message and takes no money',
    async () => {
      const env = engineEnv('hang', { ENGINE_QUEUE_MAX: '0' });
      const server = await startTestServer({ kind, env });
      servers.push(server);
      const p = await fundedPlayer(server, units(1000));
      const { view, white } = await startedBot(p, 'low', 50);
      if (white) await p.cmd('game.move', { gameId: view.gameId, ply: 1, uci: 'e2e4' });
      // The only engine is busy with p's bot move once the stand-in has been told `go` (however
      // slowly a loaded machine starts it); it stays busy through its kills and retries.
      const go = path.join(path.dirname(env.STOCKFISH_PATH), 'crashed.go');
      await expect.poll(() => fs.existsSync(go), { timeout: 30_000 }).toBe(true);
      const q = await fundedPlayer(server, units(1000));
      const res = await startBot(q, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(BOT_TEXTS.enginesBusy);
      expect(await rc(server, q.uid)).toBe(units(1000));
      expect((await q.http.get(BOT_ROUTES.current)).body).toEqual({ bot: null });
    },
    90_000,
  );

  test('settlements racing on one bot game pay exactly once', async () => {
    const server = await startTestServer({ kind, env: engineEnv('script') });
    servers.push(server);
    const p = await fundedPlayer(server, units(1000));
    const { view } = await startedBot(p, 'high', 100);
    const row = await botRow(server, view.gameId);
    const core = createWalletCore(server.ctx, testWalletLinks());
    const money = new BotMoney(server.ctx.db, core.movements, server.ctx.clock);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => money.close(row.id, p.uid, 'high', row.stake, 'win', view.gameId)),
    );
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    const pot = units(100) * 4n;
    expect(await rc(server, p.uid)).toBe(units(1000) - units(100) + pot - pot / 10n);
    // The game still ends (abort): its settlement replays the close, nothing moves again.
    await p.http.post(BOT_ROUTES.abort, {});
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await rc(server, p.uid)).toBe(units(1000) - units(100) + pot - pot / 10n);
    expect((await sumPerCurrency(server.ctx.db)).wbx).toBe(0n);
  }, 90_000);
});
