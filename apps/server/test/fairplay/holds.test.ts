import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAIRPLAY_TEXTS, rewardKey, settlePot } from '@rush/domain';
import {
  FAIRPLAY_ROUTES,
  GameEvents,
  MATCH_ROUTES,
  PLAY_ROUTES,
  WALLET_ROUTES,
  type GameAnalysisResponse,
  type HeldGamesResponse,
} from '@rush/protocol';
import { fairPlayFlags } from '../../src/modules/fairplay/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { movementByKey, readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { users } from '../../src/modules/accounts/schema.ts';
import type { Registered } from '../accounts/support.ts';
import { auditCount } from '../admin/support.ts';
import { changed, matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, usd, verifiedUser, postWithdrawal } from '../wallet/support/wallet.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { analysed, colours, gameRow, playGame, startFairplayServer, type Style } from './support.ts';

const STAKE = 500; // $5.00 each
const POT = BigInt(STAKE * 2);
const SECOND_ADMIN = 'admin2@x.test';

describe.each(POSTGRES_TOO)('fair play: holds and review (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  let admin2: Registered;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ server, admin, clock } = await startFairplayServer(kind, {
      env: { ADMIN_EMAILS: `admin@x.test,${SECOND_ADMIN}` },
    }));
    admin2 = await verifiedUser(server, { email: SECOND_ADMIN });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A $5 match between two new players; white in `styles.white`, black resigns after `plies` plies. */
  async function finishedGame(styles: { white: Style; black: Style }, plies = 44) {
    const a = await matchPlayer(server, admin, { usd: 5_000 });
    const b = await matchPlayer(server, admin, { usd: 5_000 });
    const gameId = await startMatch(server, a, b, usdSeek(server, STAKE / 100));
    const { white, black } = await colours(a, b, gameId);
    await white.watch(gameId);
    await playGame(clock, gameId, white, black, styles, plies);
    const before = { white: await usd(server, white.uid), black: await usd(server, black.uid) };
    const resigned = await black.cmd('game.resign', { gameId });
    expect(resigned.ok).toBe(true);
    await analysed(server, gameId);
    return { gameId, white, black, before };
  }

  const escrow = (gameId: string) =>
    gameRow(server, gameId).then((g) => readBalance(server.ctx.db, accountOf.escrow(g.source!, 'usd').id));
  const systemFlags = (uid: string) =>
    server.ctx.db
      .select()
      .from(fairPlayFlags)
      .where(and(eq(fairPlayFlags.uid, uid), eq(fairPlayFlags.source, 'system')));
  const net = POT - settlePot(POT, ['w']).fee;
  /** Which RushCoin rewards of a game a player was paid (issue 33: they wait with the pot). */
  const rewardsOf = async (gameId: string, uid: string) => {
    const paid: string[] = [];
    for (const kind of ['perGame', 'winBonus'] as const)
      if (await movementByKey(server.ctx.db, rewardKey.game(kind, gameId, uid))) paid.push(kind);
    return paid;
  };

  itOnPglite('a human-like game is not flagged: the winner is paid once the analysis is done', async () => {
    const { gameId, white, before } = await finishedGame({ white: 'human', black: 'human' });
    const g = await gameRow(server, gameId);
    expect(g.review).toBeNull();
    await expect.poll(() => usd(server, white.uid), { timeout: 10_000 }).toBe(before.white + net);
    expect(await escrow(gameId)).toBe(0n);
    expect(await systemFlags(white.uid)).toHaveLength(0);
    const analysis = (await white.http.get(FAIRPLAY_ROUTES.analysis(gameId))).body as GameAnalysisResponse;
    expect(analysis.state).toBe('done');
    expect(analysis.verdict?.white).not.toBe('suspect');
    expect(analysis.plies).toHaveLength(g.ply);
    expect(await rewardsOf(gameId, white.uid)).toEqual(['perGame', 'winBonus']);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite(
    'a short engine win (issue 33): resigned at ply 35, every move after the book the engine’s, is held',
    async () => {
      const { gameId, white, before } = await finishedGame({ white: 'engine', black: 'human' }, 35);
      const g = await gameRow(server, gameId);
      expect(g.ply).toBe(35);
      expect(g.review).toBe('held');
      expect(await escrow(gameId)).toBe(POT);
      expect(await usd(server, white.uid)).toBe(before.white);
      const held = (await admin.client.get(FAIRPLAY_ROUTES.held)).body as HeldGamesResponse;
      const item = held.games.find((h) => h.gameId === gameId)!;
      expect(item.reasons).toEqual(["every one of 13 moves after the book the engine's first choice"]);
      expect((await systemFlags(white.uid)).map((f) => f.kind)).toEqual(['engine']);
    },
  );

  itOnPglite('a short human win at ply 35 waits for its analysis, then is paid', async () => {
    const { gameId, white, before } = await finishedGame({ white: 'human', black: 'human' }, 35);
    expect((await gameRow(server, gameId)).review).toBeNull();
    await expect.poll(() => usd(server, white.uid), { timeout: 10_000 }).toBe(before.white + net);
    expect(await escrow(gameId)).toBe(0n);
  });

  itOnPglite(
    'a game replayed from engine moves is flagged and its pot held; the winner cannot withdraw; confirm refunds and bans once',
    async () => {
      const { gameId, white, black, before } = await finishedGame({ white: 'engine', black: 'human' });
      const g = await gameRow(server, gameId);
      expect(g.review).toBe('held');
      expect(g.moveTimes.filter((t) => t !== null).length).toBeGreaterThan(30);
      expect(await escrow(gameId)).toBe(POT);
      expect(await usd(server, white.uid)).toBe(before.white);
      const flags = await systemFlags(white.uid);
      expect(flags).toHaveLength(1);
      expect(flags[0]!.evidence).toContain(gameId);
      // The RushCoin rewards wait with the pot (issue 33).
      expect(await rewardsOf(gameId, white.uid)).toEqual([]);
      expect(await rewardsOf(gameId, black.uid)).toEqual([]);

      // The players see it under review (live on the game's topic too); the analysis page has its verdict.
      expect((await white.view(gameId)).underReview).toBe(true);
      expect(await white.event(GameEvents.review, (d) => d.gameId === gameId)).toMatchObject({
        underReview: true,
        status: 'resign',
        winner: 'white',
      });
      const history = await white.http.get(PLAY_ROUTES.history);
      expect(history.body.items.find((i: { gameId: string }) => i.gameId === gameId)?.underReview).toBe(true);
      const analysis = (await black.http.get(FAIRPLAY_ROUTES.analysis(gameId))).body as GameAnalysisResponse;
      expect(analysis.verdict?.white).toBe('suspect');
      expect(analysis.plies[20]?.best).toBe(analysis.plies[20]?.uci);
      // The book was not evaluated: no evaluation, rather than a level one; the counted plies have theirs.
      expect(analysis.plies[0]?.evalCp).toBeNull();
      expect(analysis.plies[20]?.evalCp).toEqual(expect.any(Number));

      // SPEC 9: suspected cheaters cannot withdraw until review.
      const summary = await white.http.get(WALLET_ROUTES.summary);
      expect(summary.body.withdrawDisabledReason).toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
      const withdraw = await postWithdrawal(server, white.http, { amount: 100, region: 'us' });
      expect(withdraw.status).toBe(403);
      expect(withdraw.body.error.message).toBe(FAIRPLAY_TEXTS.withdrawalOnHold);

      // The admin's list carries the evidence.
      const held = (await admin.client.get(FAIRPLAY_ROUTES.held)).body as HeldGamesResponse;
      const item = held.games.find((h) => h.gameId === gameId)!;
      expect(item.winner.uid).toBe(white.uid);
      expect(item.loser.uid).toBe(black.uid);
      expect(item.stake.pot).toBe(Number(POT));
      expect(item.reasons.length).toBeGreaterThan(0);
      expect(item.white?.top1).toBeGreaterThan(0.9);
      expect((await white.http.get(FAIRPLAY_ROUTES.held)).status).toBe(403);

      // Confirm: the whole pot to the opponent, status cheat, the cheater banned; exactly once.
      const audits = await auditCount(server, 'fairplay.confirm');
      expect((await admin.client.post(FAIRPLAY_ROUTES.confirm(gameId), { reason: '' })).status).toBe(200);
      const again = await admin2.client.post(FAIRPLAY_ROUTES.confirm(gameId), { reason: '' });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(FAIRPLAY_TEXTS.alreadyReviewed);
      expect((await admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {})).status).toBe(409);
      expect(await usd(server, black.uid)).toBe(before.black + POT);
      expect(await usd(server, white.uid)).toBe(before.white);
      expect(await escrow(gameId)).toBe(0n);
      const after = await gameRow(server, gameId);
      expect(after.review).toBe('confirmed');
      expect(after.status).toBe('cheat');
      expect(after.winner).toBe('black');
      const review = await white.event(GameEvents.review, (d) => d.gameId === gameId && !d.underReview);
      expect(review).toMatchObject({ status: 'cheat', statusText: 'Cheating detected', winner: 'black' });
      const [cheater] = await server.ctx.db.select().from(users).where(eq(users.id, white.uid));
      expect(cheater!.banned).toBe(true);
      expect(await auditCount(server, 'fairplay.confirm')).toBe(audits + 1);
      // A confirmed cheat: its opponent is rewarded as the winner, the cheater not at all.
      expect(await rewardsOf(gameId, black.uid)).toEqual(['perGame', 'winBonus']);
      expect(await rewardsOf(gameId, white.uid)).toEqual([]);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  it('clear pays exactly once, also when two admins race clear against confirm', async () => {
    for (const race of ['clear-clear', 'clear-confirm'] as const) {
      const { gameId, white, black, before } = await finishedGame({ white: 'engine', black: 'human' });
      expect((await gameRow(server, gameId)).review).toBe('held');
      const audits = (await auditCount(server, 'fairplay.clear')) + (await auditCount(server, 'fairplay.confirm'));
      const answers = await Promise.all([
        admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {}),
        race === 'clear-clear'
          ? admin2.client.post(FAIRPLAY_ROUTES.clear(gameId), {})
          : admin2.client.post(FAIRPLAY_ROUTES.confirm(gameId), { reason: 'engine' }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.message).toBe(FAIRPLAY_TEXTS.alreadyReviewed);
      expect((await auditCount(server, 'fairplay.clear')) + (await auditCount(server, 'fairplay.confirm'))).toBe(
        audits + 1,
      );
      const g = await gameRow(server, gameId);
      if (g.review === 'cleared') {
        expect(await usd(server, white.uid)).toBe(before.white + net);
        expect(await usd(server, black.uid)).toBe(before.black);
        // The flag this game raised is answered; withdrawals are no longer on hold for it.
        expect(await systemFlags(white.uid)).toHaveLength(0);
        const summary = await white.http.get(WALLET_ROUTES.summary);
        expect(summary.body.withdrawDisabledReason).not.toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
        expect((await white.view(gameId)).underReview).toBe(false);
        // Cleared: the rewards that waited are paid.
        expect(await rewardsOf(gameId, white.uid)).toEqual(['perGame', 'winBonus']);
        expect(await rewardsOf(gameId, black.uid)).toEqual(['perGame']);
      } else {
        expect(g.review).toBe('confirmed');
        expect(await usd(server, black.uid)).toBe(before.black + POT);
        expect(await usd(server, white.uid)).toBe(before.white);
      }
      expect(await escrow(gameId)).toBe(0n);
      // A second clear later is refused too.
      expect((await admin.client.post(FAIRPLAY_ROUTES.clear(gameId), {})).status).toBe(409);
      await expectLedgerInvariants(server.ctx.db);
    }
  });

  itOnPglite(
    'collusion: the same pair resigning staked games early is a system flag on both (once), and stops their withdrawals',
    async () => {
      const a = await matchPlayer(server, admin, { usd: 5_000 });
      const b = await matchPlayer(server, admin, { usd: 5_000 });
      let previous: string | null = null;
      for (let i = 0; i < 3; i++) {
        let gameId: string;
        if (previous === null) gameId = await startMatch(server, a, b, usdSeek(server, STAKE / 100));
        else {
          const last = previous;
          // The rematch of a staked game (matchmaking): both press it, a new game with the same stake.
          await changed(a, (m) => m.state === 'finished' && m.gameId === last);
          expect((await a.http.post(MATCH_ROUTES.rematch, {})).status).toBe(200);
          expect((await b.http.post(MATCH_ROUTES.rematch, {})).status).toBe(200);
          gameId = (await a.event('game.started', (d) => d.gameId !== last)).gameId as string;
        }
        previous = gameId;
        const { white, black } = await colours(a, b, gameId);
        await playGame(clock, gameId, white, black, { white: 'human', black: 'human' }, 4);
        expect((await black.cmd('game.resign', { gameId })).ok).toBe(true);
        await analysed(server, gameId);
        // Short games settle at once, as before (the settlement follows the resign's commit).
        await expect.poll(() => escrow(gameId), { timeout: 10_000 }).toBe(0n);
      }
      for (const p of [a, b]) {
        // The signals run after the job completes (the job's `done` does not wait for them).
        await expect
          .poll(async () => (await systemFlags(p.uid)).map((f) => f.kind), { timeout: 10_000 })
          .toEqual(['collusion:earlyEnd']);
        const summary = await p.http.get(WALLET_ROUTES.summary);
        expect(summary.body.withdrawDisabledReason).toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
      }
    },
  );

  itOnPglite('the analysis is for the players (and admins) only', async () => {
    const { gameId } = await finishedGame({ white: 'human', black: 'human' }, 40);
    const stranger = await verifiedUser(server);
    const res = await stranger.client.get(FAIRPLAY_ROUTES.analysis(gameId));
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(FAIRPLAY_TEXTS.notYourGame);
    expect((await admin.client.get(FAIRPLAY_ROUTES.analysis(gameId))).status).toBe(200);
    expect((await stranger.client.get(FAIRPLAY_ROUTES.analysis('nosuchgame00'))).status).toBe(404);
  });
});
