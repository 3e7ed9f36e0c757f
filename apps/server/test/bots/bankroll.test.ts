import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANKROLL_WINDOW_MS, BOT_TEXTS, houseStakeOf, units } from '@rush/domain';
import { ADMIN_ROUTES, BOT_ROUTES, DashboardResponse } from '@rush/protocol';
import { BotMoney } from '../../src/modules/bots/money.ts';
import { houseExposure } from '../../src/modules/wallet/house.store.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { createWalletCore } from '../../src/modules/wallet/module.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { eventually } from '../matchmaking/support.ts';
import type { Player } from '../play/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser, expectLedgerInvariants, testWalletLinks } from '../wallet/support/wallet.ts';
import { engineEnv, fundedPlayer, startBot } from './support.ts';

const TOP = 2500; // RC: the top wager
const TOP_STAKE = units(TOP);
const TOP_HOUSE = houseStakeOf(TOP_STAKE, 'high'); // 7,500 RC
const topHigh = { gameType: 'bot_000001', c: 'wbx', bet: TOP, level: 'high' };

/**
 * Issue 33, the bankroll: the house loses at most 25,000 RC an hour to one player and 200,000 RC
 * to everyone (domain bankrollDecision), read from the ledger inside the hold.
 */
describe.each(POSTGRES_TOO)('the house bankroll against bots (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let money: BotMoney;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual', env: { ...ADMIN_ENV, ...engineEnv('script') } });
    clock = server.clock as ManualClock;
    const core = createWalletCore(server.ctx, testWalletLinks());
    money = new BotMoney(server.ctx.db, core.movements, server.ctx.clock);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const rc = (uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);
  /** Past wins against High at the top wager, through the bots' own hold and close (the ledger as real games leave it). */
  async function wins(p: Player, n: number) {
    for (let i = 0; i < n; i++) {
      const id = `seed${crypto.randomBytes(5).toString('hex')}`;
      await money.hold(id, p.uid, TOP_STAKE, TOP_HOUSE);
      await money.close(id, p.uid, 'high', TOP_STAKE, 'win', null);
    }
  }
  const refusal = (res: { status: number; body: { error?: { message: string; fields?: { reason?: string } } } }) => ({
    status: res.status,
    message: res.body.error?.message,
    reason: res.body.error?.fields?.reason,
  });
  async function abortGame(p: Player) {
    expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
    await eventually(async () => (await p.http.get(BOT_ROUTES.current)).body.bot === null);
  }

  itOnPglite(
    'one player cannot drain the house past their hourly bound; others still play; an hour later they may again',
    async () => {
      const a = await fundedPlayer(server, units(20_000));
      await wins(a, 3); // the house has lost 22,500 RC to A this hour
      const before = await rc(a.uid);
      const res = await startBot(a, topHigh);
      expect(refusal(res)).toEqual({ status: 400, message: BOT_TEXTS.houseLimit, reason: 'house-limit-player' });
      expect(await rc(a.uid)).toBe(before);
      // A lower bet still fits in A's hour (22,500 + 150 RC).
      expect((await startBot(a, { ...topHigh, bet: 50 })).status).toBe(200);
      await abortGame(a);
      // Nobody else is refused for what A won.
      const b = await fundedPlayer(server, units(5_000));
      expect((await startBot(b, topHigh)).status).toBe(200);
      await abortGame(b);
      // The hour passes: A's wins leave the window.
      clock.advance(BANKROLL_WINDOW_MS + 1_000);
      expect((await startBot(a, topHigh)).status).toBe(200);
      await abortGame(a);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  it('concurrent starts cannot overshoot the bound over everyone', async () => {
    clock.advance(BANKROLL_WINDOW_MS + 1_000);
    // Eight players won 22,500 RC each this hour: 180,000 RC of the 200,000.
    for (let i = 0; i < 8; i++) await wins(await fundedPlayer(server, units(10_000)), 3);
    const since = new Date(clock.now().getTime() - BANKROLL_WINDOW_MS);
    const seeded = await houseExposure(server.ctx.db, since);
    expect(seeded.lost + seeded.atRisk).toBe(8n * 3n * TOP_HOUSE);
    // Four fresh players start at the top against High at once: room for two (7,500 RC each).
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(server, units(5_000))));
    const answers = await Promise.all(players.map((p) => startBot(p, topHigh)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 400, 400]);
    for (const r of answers.filter((x) => x.status === 400))
      expect(refusal(r)).toEqual({ status: 400, message: BOT_TEXTS.houseLimit, reason: 'house-limit-house' });
    const now = await houseExposure(server.ctx.db, since);
    expect(now.atRisk).toBe(2n * TOP_HOUSE);
    expect(now.lost + now.atRisk).toBeLessThanOrEqual(units(200_000));
    for (const [i, r] of answers.entries()) if (r.status === 200) await abortGame(players[i]!);
    await expectLedgerInvariants(server.ctx.db);
  }, 90_000);

  itOnPglite("the admin dashboard shows the house's float, its stakes in live games and its losses", async () => {
    // After the race above: 180,000 RC lost this hour; 22,500 more in the day (the first test's hour).
    const admin = await adminUser(server);
    const p = await fundedPlayer(server, units(5_000));
    expect((await startBot(p, { ...topHigh, bet: 50 })).status).toBe(200);
    const res = await admin.client.get(`${ADMIN_ROUTES.dashboard}?from=2020-01-01&to=2020-01-02`);
    expect(res.status).toBe(200);
    expect(DashboardResponse.parse(res.body).house).toEqual({
      float: Number(await readBalance(server.ctx.db, accountOf.house().id)),
      atRisk: Number(houseStakeOf(units(50), 'high')),
      lostHour: Number(24n * TOP_HOUSE),
      lostDay: Number(27n * TOP_HOUSE),
    });
    await abortGame(p);
  });
});
