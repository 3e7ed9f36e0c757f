import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOT_TEXTS, HOUSE_FLOAT_RC, MATCH_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance, sumPerCurrency } from '../../src/modules/wallet/ledger.store.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { eventually } from '../matchmaking/support.ts';
import {
  botRow,
  engineEnv,
  fundedPlayer,
  HUMAN_BLACK_MATES,
  HUMAN_WHITE_MATES,
  playLine,
  startBot,
  startedBot,
} from './support.ts';

const rc = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);
const house = (server: TestServer) => readBalance(server.ctx.db, accountOf.house().id);
const fees = (server: TestServer) => readBalance(server.ctx.db, accountOf.fee('wbx').id);
const FUNDS = units(1000);

describe.each(DB_KINDS)('bot games (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: engineEnv('script') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('the house is funded once from issuance and every currency still sums to zero', async () => {
    expect(await house(server)).toBe(units(HOUSE_FLOAT_RC));
    expect((await sumPerCurrency(server.ctx.db)).wbx).toBe(0n);
  });

  test.each([
    ['low', 1n],
    ['mid', 2n],
    ['high', 3n],
  ] as const)(
    'a whole game to mate against %s pays the stake plus the stake x the multiplier, minus the fee, exactly once',
    async (level, multiplier) => {
      const p = await fundedPlayer(server, FUNDS);
      const houseBefore = await house(server);
      const feesBefore = await fees(server);
      const { view, white } = await startedBot(p, level, 50);
      expect(view).toMatchObject({ level, multiplier: Number(multiplier), currency: 'wbx', stake: 5000 });
      expect(await rc(server, p.uid)).toBe(FUNDS - units(50));
      await playLine(p, view.gameId, white, white ? HUMAN_WHITE_MATES : HUMAN_BLACK_MATES);
      const ended = await p.event('game.ended', (d: { gameId: string }) => d.gameId === view.gameId, 10_000);
      expect(ended.status).toBe('mate');
      const pot = units(50) * (1n + multiplier);
      const fee = pot / 10n;
      await eventually(async () => (await rc(server, p.uid)) === FUNDS - units(50) + pot - fee);
      expect(await rc(server, p.uid)).toBe(FUNDS - units(50) + pot - fee);
      expect(view.winPays).toBe(Number(pot - fee));
      expect(await house(server)).toBe(houseBefore - units(50) * multiplier);
      expect(await fees(server)).toBe(feesBefore + fee);
      await eventually(async () => (await botRow(server, view.gameId)).state === 'settled');
      expect((await botRow(server, view.gameId)).state).toBe('settled');
      // A second settlement (the sweep, the escrow sweeper) changes nothing.
      const settledBalance = await rc(server, p.uid);
      await server.ctx.db.execute('select 1');
      expect(await rc(server, p.uid)).toBe(settledBalance);
      expect((await sumPerCurrency(server.ctx.db)).wbx).toBe(0n);
      // History shows the game against the bot, with its wager.
      const history = await p.http.get(PLAY_ROUTES.history);
      expect(history.status).toBe(200);
      expect(JSON.stringify(history.body)).toContain(view.gameId);
    },
    60_000,
  );

  test('resigning loses the stake to the house; the bot does not join the leaderboard', async () => {
    const p = await fundedPlayer(server, FUNDS);
    const houseBefore = await house(server);
    const { view, white } = await startedBot(p, 'mid', 100);
    // Two moves each side played, so Resign (not Abort) applies.
    await playLine(p, view.gameId, white, white ? HUMAN_WHITE_MATES : HUMAN_BLACK_MATES, white ? 3 : 2);
    // The game says which side the engine plays, counts it as there, and shows the bot pot.
    const shown = await p.view(view.gameId);
    const engine = white ? 'black' : 'white';
    expect(shown.engine).toBe(engine);
    expect(shown[engine].connected).toBe(true);
    expect(shown.stake).toEqual({ currency: 'wbx', amount: 10_000, pot: 30_000 });
    // An engine answers no offer, so none can be made to it (and nothing stands open).
    for (const name of ['game.draw', 'game.takeback']) {
      const offer = await p.cmd(name, { gameId: view.gameId, action: 'offer' });
      expect(offer.ok).toBe(false);
      expect(JSON.stringify(offer)).toContain(BOT_TEXTS.noOffersToBot);
    }
    expect((await p.view(view.gameId)).offers).toEqual({ draw: null, takeback: null, rematch: null });
    const ack = await p.cmd('game.resign', { gameId: view.gameId });
    expect(ack.ok).toBe(true);
    await eventually(async () => (await house(server)) === houseBefore + units(100));
    expect(await house(server)).toBe(houseBefore + units(100));
    expect(await rc(server, p.uid)).toBe(FUNDS - units(100));
    const board = await p.http.get('/api/leaderboard?currency=wbx');
    expect(JSON.stringify(board.body)).not.toContain('AI Mid');
  }, 60_000);

  test('abort under 2 moves refunds both shares; a second abort is refused', async () => {
    const p = await fundedPlayer(server, FUNDS);
    const houseBefore = await house(server);
    const { view } = await startedBot(p, 'high', 50);
    const res = await p.http.post(BOT_ROUTES.abort, {});
    expect(res.status).toBe(200);
    await eventually(async () => (await rc(server, p.uid)) === FUNDS);
    expect(await rc(server, p.uid)).toBe(FUNDS);
    expect(await house(server)).toBe(houseBefore);
    const again = await p.http.post(BOT_ROUTES.abort, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOT_TEXTS.notInBotGame);
    expect((await p.http.get(BOT_ROUTES.current)).body).toEqual({ bot: null });
    expect((await p.view(view.gameId)).status).toBe('aborted');
  }, 60_000);

  test('a second start is refused with the SPEC text; USD and bad input are refused without a 500', async () => {
    const p = await fundedPlayer(server, FUNDS);
    const { view } = await startedBot(p, 'low', 50);
    const second = await startBot(p, { gameType: 'bot_000002', c: 'wbx', bet: 50, level: 'low' });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('User is already in a match.');
    expect((await p.http.get(BOT_ROUTES.current)).body.bot.gameId).toBe(view.gameId);
    expect(await rc(server, p.uid)).toBe(FUNDS - units(50));
    // Matchmaking refuses a player in a bot game too.
    const seek = await p.http.post('/api/matchmaking/seek', { gameType: 'wmgt_000001', c: 'wbx', bet: 50 });
    expect(seek.status).toBe(409);
    expect(seek.body.error.message).toBe(MATCH_TEXTS.alreadyInMatch);
    await p.http.post(BOT_ROUTES.abort, {});

    const q = await fundedPlayer(server, FUNDS);
    const usd = await startBot(q, { gameType: 'bot_000001', c: 'usd', bet: 5, level: 'low' });
    expect(usd.status).toBe(400);
    expect(usd.body.error.message).toBe(BOT_TEXTS.rushCoinsOnly);
    for (const body of [
      {},
      { gameType: 'wmgt_000001', c: 'wbx', bet: 50, level: 'low' },
      { gameType: 'bot_000001', c: 'wbx', bet: 51, level: 'low' },
      { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'god' },
      'x',
    ]) {
      const res = await startBot(q, body as Record<string, unknown>);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const broke = await fundedPlayer(server, units(10));
    const poor = await startBot(broke, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' });
    expect(poor.body.error.message).toBe(MATCH_TEXTS.insufficientBalance);
    expect(await rc(server, q.uid)).toBe(FUNDS);
  }, 60_000);
});
