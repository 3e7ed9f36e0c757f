import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { breakEndText, TEXTS, units } from '@rush/domain';
import { BotMoney } from '../../src/modules/bots/money.ts';
import { CoolOffError, LossLimitError } from '../../src/modules/wallet/index.ts';
import { createWalletCore } from '../../src/modules/wallet/module.ts';
import { ResponsibleGaming } from '../../src/modules/wallet/responsible.service.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { testWalletLinks } from '../wallet/support/wallet.ts';
import { engineEnv, fundedPlayer, startBot } from './support.ts';

const rc = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);
const FUNDS = units(1000);
const BODY = { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' };

/** Issue 37 on bot games: refused at the start with the text, and in the stake's own movement. */
describe('bot games during a break or past a loss limit', () => {
  let server: TestServer;
  let responsible: ResponsibleGaming;
  let money: BotMoney;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite', env: engineEnv('script') });
    responsible = new ResponsibleGaming(server.ctx.db, server.ctx.clock);
    money = new BotMoney(server.ctx.db, createWalletCore(server.ctx, testWalletLinks()).movements, server.ctx.clock);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('a break refuses the start with its end, and the stake itself', async () => {
    const p = await fundedPlayer(server, FUNDS);
    const until = await responsible.takeBreak(p.uid, '7d');
    const res = await startBot(p, BODY);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'MATCH_REFUSED',
      message: TEXTS.coolOffActive(breakEndText(until)),
      fields: { reason: 'coolOff' },
    });
    // The stake's movement judges it too, whatever checked before.
    const err = await money.hold('rg-bot-break', p.uid, units(50), units(50)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoolOffError);
    expect(await rc(server, p.uid)).toBe(FUNDS);
    p.close();
  });

  test('a loss limit refuses a bot stake that could pass it, with its text', async () => {
    const p = await fundedPlayer(server, FUNDS);
    await responsible.setLossLimit(p.uid, { currency: 'wbx', period: 'month', max: 4_000 });
    const res = await startBot(p, BODY);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'MATCH_REFUSED',
      message: TEXTS.lossLimitPassed('monthly', '40.00 RC'),
      fields: { reason: 'lossLimit' },
    });
    const err = await money.hold('rg-bot-loss', p.uid, units(50), units(50)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LossLimitError);
    expect(await rc(server, p.uid)).toBe(FUNDS);
    p.close();
  });
});
