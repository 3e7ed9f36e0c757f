import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { houseStakeOf, platformFee, units } from '@rush/domain';
import { BOT_ROUTES, FAIRPLAY_ROUTES, type HeldGamesResponse } from '@rush/protocol';
import { users } from '../../src/modules/accounts/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Registered } from '../accounts/support.ts';
import { auditCount } from '../admin/support.ts';
import { analysed, gameRow, jobRow } from '../fairplay/support.ts';
import type { Player } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser, eventually, expectLedgerInvariants } from '../wallet/support/wallet.ts';
import { botRow, engineEnv, fundedPlayer, playLine, startedBot } from './support.ts';

/**
 * Morphy's Opera game (Paris 1858), White mating at ply 33. The stand-in engine plays it for
 * the bot as Black and analyses every position with the line's next move as its first choice:
 * the human as White sends exactly the engine's moves (issue 33: the bot farmed with an engine).
 */
const OPERA = [
  'e2e4', 'e7e5', 'g1f3', 'd7d6', 'd2d4', 'c8g4', 'd4e5', 'g4f3', 'd1f3', 'd6e5', 'f1c4', 'g8f6',
  'f3b3', 'd8e7', 'b1c3', 'c7c6', 'c1g5', 'b7b5', 'c3b5', 'c6b5', 'c4b5', 'b8d7', 'e1c1', 'a8d8',
  'd1d7', 'd8d7', 'h1d1', 'e7e6', 'b5d7', 'f6d7', 'b3b8', 'd7b8', 'd1d8',
]; // prettier-ignore
const FUNDS = units(1000);
const BET = 50;
const STAKE = units(BET);
const HOUSE_STAKE = houseStakeOf(STAKE, 'high');
const POT = STAKE + HOUSE_STAKE;
/** Low's bot answers in 300 ms, High's in 1 s: the review's money is the same rule at any level. */
const LOW_HOUSE_STAKE = houseStakeOf(STAKE, 'low');
const LOW_POT = STAKE + LOW_HOUSE_STAKE;

describe.each(DB_KINDS)('bot games and fair play (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      clock: 'manual',
      env: { ...ADMIN_ENV, ...engineEnv('script', {}, [OPERA]) },
    });
    admin = await adminUser(server);
    clock = server.clock as ManualClock;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const rc = (uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);
  const house = () => readBalance(server.ctx.db, accountOf.house().id);
  const escrowOf = async (gameId: string) =>
    readBalance(server.ctx.db, accountOf.escrow((await gameRow(server, gameId)).source!, 'wbx').id);

  /** A game with the human as White (a start as Black is aborted and tried again). */
  async function asWhite(p: Player, level: 'low' | 'high') {
    for (;;) {
      const started = await startedBot(p, level, BET);
      if (started.white) return started.view;
      expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
      await eventually(async () => (await p.http.get(BOT_ROUTES.current)).body.bot === null);
      await eventually(async () => (await rc(p.uid)) === FUNDS);
    }
  }

  /** The human plays the engine's every move and mates the bot at ply 33; the analysis is done. */
  async function engineWin(level: 'low' | 'high') {
    const p = await fundedPlayer(server, FUNDS);
    const houseBefore = await house();
    const view = await asWhite(p, level);
    await playLine(p, view.gameId, true, OPERA);
    const ended = await p.event('game.ended', (d: { gameId: string }) => d.gameId === view.gameId, 10_000);
    expect(ended).toMatchObject({ status: 'mate', winner: 'white' });
    await analysed(server, view.gameId);
    return { p, gameId: view.gameId, houseBefore };
  }

  test('a player sending the engine’s moves against High at a stake is held, not paid; confirm: the house keeps the pot, the cheater is banned', async () => {
    const { p, gameId, houseBefore } = await engineWin('high');
    const g = await gameRow(server, gameId);
    expect(g.review).toBe('held');
    // Nothing paid: the stakes wait in the escrow, the bot game is not settled (not by the sweep either).
    expect(await escrowOf(gameId)).toBe(POT);
    expect(await rc(p.uid)).toBe(FUNDS - STAKE);
    expect(await house()).toBe(houseBefore - HOUSE_STAKE);
    expect((await botRow(server, gameId)).state).toBe('playing');
    expect((await p.view(gameId)).underReview).toBe(true);

    const held = (await admin.client.get(FAIRPLAY_ROUTES.held)).body as HeldGamesResponse;
    const item = held.games.find((h) => h.gameId === gameId)!;
    expect(item).toMatchObject({ mode: 'bot_000001', winner: { uid: p.uid }, winnerColor: 'white', againstBot: true });
    expect(item.stake).toEqual({ currency: 'wbx', amount: Number(STAKE), pot: Number(POT) });
    expect(item.reasons.join(' ')).toContain("the engine's first choice");

    const audits = await auditCount(server, 'fairplay.confirm');
    expect((await admin.client.post(FAIRPLAY_ROUTES.confirm(gameId), { reason: '' })).status).toBe(200);
    expect((await admin.client.post(FAIRPLAY_ROUTES.confirm(gameId), { reason: '' })).status).toBe(409);
    expect((await admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {})).status).toBe(409);
    expect(await auditCount(server, 'fairplay.confirm')).toBe(audits + 1);
    // The house has its stake back and the cheater's: as a loss, no fee.
    expect(await house()).toBe(houseBefore + STAKE);
    expect(await rc(p.uid)).toBe(FUNDS - STAKE);
    expect(await escrowOf(gameId)).toBe(0n);
    const after = await gameRow(server, gameId);
    expect(after).toMatchObject({ review: 'confirmed', status: 'cheat', winner: 'black' });
    expect((await botRow(server, gameId)).state).toBe('settled');
    const [cheater] = await server.ctx.db.select().from(users).where(eq(users.id, p.uid));
    expect(cheater!.banned).toBe(true);
    await expectLedgerInvariants(server.ctx.db);
  }, 90_000);

  test('clear pays the held bot win once, the pot minus the fee, by the bot rules', async () => {
    const { p, gameId, houseBefore } = await engineWin('low');
    expect((await gameRow(server, gameId)).review).toBe('held');
    // PGlite is enough: the review's guard and the close key race on PostgreSQL in fairplay/holds.test.ts and bots/resilience.test.ts
    const answers = await Promise.all([
      admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {}),
      admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {}),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rc(p.uid)).toBe(FUNDS - STAKE + LOW_POT - platformFee(LOW_POT));
    expect(await house()).toBe(houseBefore - LOW_HOUSE_STAKE);
    expect(await escrowOf(gameId)).toBe(0n);
    expect((await gameRow(server, gameId)).review).toBe('cleared');
    expect((await botRow(server, gameId)).state).toBe('settled');
    expect((await p.view(gameId)).underReview).toBe(false);
    await expectLedgerInvariants(server.ctx.db);
  }, 90_000);

  test('a win by the bot’s clock after 7 moves past the book waits for its analysis, then the release pays it', async () => {
    const p = await fundedPlayer(server, FUNDS);
    const houseBefore = await house();
    const view = await asWhite(p, 'low');
    // The engine's moves up to ply 23: 7 counted moves, fewer than the short-game rule reads.
    await playLine(p, view.gameId, true, OPERA, 22);
    expect((await p.cmd('game.move', { gameId: view.gameId, ply: 23, uci: OPERA[22] })).ok).toBe(true);
    // While the bot thinks, its half hour runs out.
    clock.advance(31 * 60_000);
    const ended = await p.event('game.ended', (d: { gameId: string }) => d.gameId === view.gameId, 10_000);
    expect(ended).toMatchObject({ status: 'outoftime', winner: 'white' });
    const job = await jobRow(server, view.gameId);
    expect(job?.gate).toBe(true);
    await analysed(server, view.gameId);
    expect((await gameRow(server, view.gameId)).review).toBeNull();
    await eventually(async () => (await rc(p.uid)) === FUNDS - STAKE + LOW_POT - platformFee(LOW_POT));
    expect(await house()).toBe(houseBefore - LOW_HOUSE_STAKE);
    expect(await escrowOf(view.gameId)).toBe(0n);
    await eventually(async () => (await botRow(server, view.gameId)).state === 'settled');
  }, 60_000);
});
