import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GIVEAWAY_TEXTS, MATCH_TEXTS, RC_REWARDS } from '@rush/domain';
import { MATCH_ROUTES, MatchmakingUserEvents } from '@rush/protocol';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { escrowCloseKey, holdAllKey } from '../../src/modules/wallet/ledger.ts';
import { movementByKey, readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements, ledgerTransfers } from '../../src/modules/wallet/schema.ts';
import type { Registered } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { gpsAt, expectLedgerInvariants, rc, usd } from '../wallet/support/wallet.ts';
import { play, REAL_GAME, type Player } from '../play/support.ts';
import {
  changed,
  current,
  eventually,
  matchPlayer,
  recordsOf,
  secondInstanceMoney,
  startMatchServer,
} from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

/** SPEC 2, 4 (issue 20 item 6): a content creator's giveaway challenge, funded by the creator alone. */
describe.each(POSTGRES_TOO)('giveaway challenges (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startMatchServer(kind)));

  const creatorOf = (funding: { usd?: number; wbx?: bigint }) =>
    matchPlayer(server, admin, { ...funding, level: 'contentCreator' });
  const wbxGiveaway = (to: Player, bet = 100) => ({
    uid: to.uid,
    gameType: 'wmgt_000001',
    c: 'wbx',
    bet,
    giveaway: true,
  });
  const usdGiveaway = (to: Player, bet = 10) => ({
    uid: to.uid,
    gameType: 'wmgt_000001',
    c: 'usd',
    bet,
    deviceGps: gpsAt(server),
    giveaway: true,
  });
  const fee = (c: 'usd' | 'wbx') => readBalance(server.ctx.db, accountOf.fee(c).id);
  const escrowOf = async (p: Player) => {
    const [rec] = (await recordsOf(server, p.uid)).filter((r) => !r.cleared);
    return { matchId: rec!.matchId!, ref: `match:${rec!.matchId}` };
  };

  /** Sends the giveaway, the friend accepts, both see the game: answers it with the sides. */
  async function started(
    creator: Player,
    friend: Player,
    body: Record<string, unknown>,
    accept: Record<string, unknown> = {},
  ) {
    const sent = await creator.http.post(MATCH_ROUTES.challenges, body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ isGiveawayMode: true, from: { uid: creator.uid } });
    const seen = await friend.event(MatchmakingUserEvents.challenge, (d) => d.challenge.id === sent.body.id);
    expect(seen.challenge.isGiveawayMode).toBe(true);
    const accepted = await friend.http.post(MATCH_ROUTES.acceptChallenge(sent.body.id), accept);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const m = await changed(creator, (x) => x.state === 'playing');
    expect(m).toMatchObject({ isGiveawayMode: true, giveawayBy: creator.uid, challengeId: sent.body.id });
    expect((await current(friend)).isGiveawayMode).toBe(true);
    const gameId = m.gameId as string;
    const view = await creator.view(gameId);
    // The game's prize pool is the creator's stake alone, not twice it.
    expect(view.stake).toMatchObject({ amount: sent.body.amount, pot: sent.body.amount });
    const white = view.white.uid === creator.uid ? creator : friend;
    const black = white === creator ? friend : creator;
    await white.watch(gameId);
    await black.watch(gameId);
    return { gameId, white, black, challengeId: sent.body.id as string };
  }

  itOnPglite('refused to anyone but a content creator, with a text; a malformed flag is a 400', async () => {
    const plain = await matchPlayer(server, admin, { wbx: 100_000n, level: 'bypassAll' });
    const friend = await matchPlayer(server, admin);
    const res = await plain.http.post(MATCH_ROUTES.challenges, wbxGiveaway(friend));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'MATCH_REFUSED',
      message: GIVEAWAY_TEXTS.creatorsOnly,
      fields: { reason: 'giveaway' },
    });
    for (const giveaway of ['yes', 1, null, {}, []]) {
      const bad = await plain.http.post(MATCH_ROUTES.challenges, { ...wbxGiveaway(friend), giveaway });
      expect(bad.status, JSON.stringify(giveaway)).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION');
    }
    expect((await friend.http.get(MATCH_ROUTES.challenges)).body.incoming).toEqual([]);
    expect(await rc(server, plain.uid)).toBe(100_000n);
    plain.close();
    friend.close();
  });

  itOnPglite(
    'a friend with no balance accepts; only the creator is debited; their win pays the prize minus the fee; no rematch',
    async () => {
      const creator = await creatorOf({ wbx: 100_000n });
      const friend = await matchPlayer(server, admin);
      // Not a giveaway: the same friend could not accept (no balance at all).
      const staked = await creator.http.post(MATCH_ROUTES.challenges, { ...wbxGiveaway(friend), giveaway: false });
      expect(staked.body.isGiveawayMode).toBe(false);
      const refused = await friend.http.post(MATCH_ROUTES.acceptChallenge(staked.body.id), {});
      expect(refused.body.error).toMatchObject({ code: 'MATCH_REFUSED', message: MATCH_TEXTS.noBalance });
      expect((await creator.http.post(MATCH_ROUTES.cancelChallenge(staked.body.id), {})).status).toBe(200);

      const feeBefore = await fee('wbx');
      const { gameId, white, black } = await started(creator, friend, wbxGiveaway(friend, 100));
      const { ref, matchId } = await escrowOf(creator);
      // One stake movement with one leg: the creator's 100 RC; the friend's account is not touched.
      const hold = await movementByKey(server.ctx.db, holdAllKey(ref, 'wbx'));
      const legs = await server.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.movementId, hold!.id));
      expect(legs.map((l) => [l.fromAccount, l.amount])).toEqual([[accountOf.user(creator.uid, 'wbx').id, 10_000n]]);
      expect(await rc(server, creator.uid)).toBe(90_000n);
      expect(await rc(server, friend.uid)).toBe(0n);
      expect(await readBalance(server.ctx.db, accountOf.escrow(ref, 'wbx').id)).toBe(10_000n);

      await play(gameId, white, black, REAL_GAME);
      expect((await creator.cmd('game.resign', { gameId })).ok).toBe(true);
      const won = await changed(friend, (m) => m.state === 'finished');
      expect(won.result).toMatchObject({ winner: friend.uid, outcome: 'win', payout: 9_000 });
      expect((await changed(creator, (m) => m.state === 'finished')).result).toMatchObject({
        outcome: 'loss',
        payout: 0,
      });
      const rewards = RC_REWARDS.perGame + RC_REWARDS.firstGameOfDay;
      await eventually(async () => (await rc(server, friend.uid)) === 9_000n + rewards + RC_REWARDS.winBonus);
      expect(await rc(server, creator.uid)).toBe(90_000n + rewards);
      expect((await fee('wbx')) - feeBefore).toBe(1_000n);
      expect(await readBalance(server.ctx.db, accountOf.escrow(ref, 'wbx').id)).toBe(0n);
      expect((await movementByKey(server.ctx.db, escrowCloseKey(ref, 'wbx')))?.kind).toBe('settle');

      // A rematch would copy both stakes: refused with its text, whoever asks, nothing charged.
      for (const p of [friend, creator]) {
        const again = await p.http.post(MATCH_ROUTES.rematch, {});
        expect(again.status).toBe(409);
        expect(again.body.error.message).toBe(GIVEAWAY_TEXTS.noRematch);
      }
      expect((await current(friend)).state).toBe('finished');
      expect((await recordsOf(server, friend.uid)).filter((r) => r.matchId !== matchId)).toEqual([]);
      await expectLedgerInvariants(server.ctx.db);
      creator.close();
      friend.close();
    },
  );

  it('USD: the acceptor needs a wallet but not the stake; the creator wins -> refunded whole, no fee (finish racing the sweep)', async () => {
    const creator = await creatorOf({ usd: 5_000 });
    const noWallet = await matchPlayer(server, admin);
    const sent = await creator.http.post(MATCH_ROUTES.challenges, usdGiveaway(noWallet));
    expect(sent.status).toBe(200);
    const refused = await noWallet.http.post(MATCH_ROUTES.acceptChallenge(sent.body.id), { deviceGps: gpsAt(server) });
    expect(refused.body.error).toMatchObject({ code: 'MATCH_REFUSED', message: MATCH_TEXTS.realMoneyNeedsWallet });
    await creator.http.post(MATCH_ROUTES.cancelChallenge(sent.body.id), {});

    // $1 in the wallet, a $10 giveaway: a normal challenge would be 'insufficient'.
    const friend = await matchPlayer(server, admin, { usd: 100 });
    const feeBefore = await fee('usd');
    const { gameId, white, black } = await started(creator, friend, usdGiveaway(friend, 10), {
      deviceGps: gpsAt(server),
    });
    expect(await usd(server, creator.uid)).toBe(4_000n);
    expect(await usd(server, friend.uid)).toBe(100n);
    const { ref, matchId } = await escrowOf(creator);
    await play(gameId, white, black, REAL_GAME);

    // A second instance finishes and sweeps while the friend resigns.
    const { db } = server.ctx;
    const { sweeper, money: other } = secondInstanceMoney(server);
    const resign = friend.send('game.resign', { gameId });
    const racing = [sweeper.sweep(), other.finishMatch(matchId), sweeper.sweep(), other.finishMatch(matchId)];
    expect((await friend.ack(resign)).ok).toBe(true);
    await Promise.all(racing);
    await Promise.all([sweeper.sweep(), other.finishMatch(matchId)]);

    await eventually(async () => (await current(creator)).state === 'finished');
    expect((await current(creator)).result).toMatchObject({ winner: creator.uid, outcome: 'win', payout: 1_000 });
    expect((await current(friend)).result).toMatchObject({ outcome: 'loss', payout: 0 });
    expect(await usd(server, creator.uid)).toBe(5_000n);
    expect(await usd(server, friend.uid)).toBe(100n);
    expect(await fee('usd')).toBe(feeBefore);
    const closes = await db.select().from(ledgerMovements).where(eq(ledgerMovements.ref, ref));
    expect(closes.filter((m) => ['settle', 'refund', 'void'].includes(m.kind)).map((m) => m.kind)).toEqual(['refund']);
    await expectLedgerInvariants(db);
    for (const p of [creator, friend, noWallet]) p.close();
  });

  itOnPglite('a draw and an abort refund the creator; the friend neither pays nor gains', async () => {
    const creator = await creatorOf({ usd: 5_000, wbx: 100_000n });
    const friend = await matchPlayer(server, admin, { usd: 100 });

    const draw = await started(creator, friend, usdGiveaway(friend, 5), { deviceGps: gpsAt(server) });
    expect(await usd(server, creator.uid)).toBe(4_500n);
    await play(draw.gameId, draw.white, draw.black, ['e2e4', 'e7e5']);
    expect((await draw.white.cmd('game.draw', { gameId: draw.gameId, action: 'offer' })).ok).toBe(true);
    expect((await draw.black.cmd('game.draw', { gameId: draw.gameId, action: 'accept' })).ok).toBe(true);
    const drawn = await changed(creator, (m) => m.state === 'finished');
    expect(drawn.result).toMatchObject({ outcome: 'draw', payout: 500, winner: null });
    expect((await current(friend)).result).toMatchObject({ outcome: 'draw', payout: 0 });
    expect(await usd(server, creator.uid)).toBe(5_000n);
    expect(await usd(server, friend.uid)).toBe(100n);
    for (const p of [creator, friend]) expect((await p.http.post(MATCH_ROUTES.done, {})).status).toBe(200);

    // The abort is measured from here, whatever the draw earned.
    const rcBefore = await rc(server, creator.uid);
    const abort = await started(creator, friend, wbxGiveaway(friend, 100));
    expect(await rc(server, creator.uid)).toBe(rcBefore - 10_000n);
    expect((await creator.cmd('game.abort', { gameId: abort.gameId })).ok).toBe(true);
    const aborted = await changed(creator, (m) => m.state === 'finished' && m.gameId === abort.gameId);
    expect(aborted.result).toMatchObject({ outcome: 'cancelled', payout: 10_000 });
    await eventually(async () => (await rc(server, creator.uid)) === rcBefore);
    expect(await usd(server, friend.uid)).toBe(100n);
    await expectLedgerInvariants(server.ctx.db);
    creator.close();
    friend.close();
  });

  it('two accepts of one giveaway at once: one match, one debit; the finish called at once pays once', async () => {
    const creator = await creatorOf({ wbx: 100_000n });
    const friend = await matchPlayer(server, admin);
    const sent = await creator.http.post(MATCH_ROUTES.challenges, wbxGiveaway(friend, 100));
    const answers = await Promise.all(
      [0, 1, 2].map(() => friend.http.post(MATCH_ROUTES.acceptChallenge(sent.body.id), {})),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const m = await changed(creator, (x) => x.state === 'playing');
    const { ref, matchId } = await escrowOf(creator);
    expect((await recordsOf(server, friend.uid)).map((r) => r.matchId)).toEqual([matchId]);
    expect(await rc(server, creator.uid)).toBe(90_000n);
    const stakes = await server.ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.ref, ref));
    expect(stakes.map((s) => s.kind)).toEqual(['stake']);

    const gameId = m.gameId as string;
    const view = await creator.view(gameId);
    const white = view.white.uid === creator.uid ? creator : friend;
    const black = white === creator ? friend : creator;
    await white.watch(gameId);
    await black.watch(gameId);
    await play(gameId, white, black, REAL_GAME);
    const { db } = server.ctx;
    const { sweeper, money: other } = secondInstanceMoney(server);
    const resign = creator.send('game.resign', { gameId });
    const racing = [
      other.finishMatch(matchId),
      sweeper.sweep(),
      other.finishMatch(matchId),
      other.finishMatch(matchId),
    ];
    expect((await creator.ack(resign)).ok).toBe(true);
    await Promise.all(racing);
    await Promise.all([other.finishMatch(matchId), sweeper.sweep()]);
    await eventually(async () => (await current(friend)).state === 'finished');
    const rewards = RC_REWARDS.perGame + RC_REWARDS.firstGameOfDay + RC_REWARDS.winBonus;
    await eventually(async () => (await rc(server, friend.uid)) === 9_000n + rewards);
    const closes = await db.select().from(ledgerMovements).where(eq(ledgerMovements.ref, ref));
    expect(closes.filter((x) => ['settle', 'refund', 'void'].includes(x.kind)).map((x) => x.kind)).toEqual(['settle']);
    expect(await readBalance(db, accountOf.escrow(ref, 'wbx').id)).toBe(0n);
    await expectLedgerInvariants(db);
    creator.close();
    friend.close();
  });
});
