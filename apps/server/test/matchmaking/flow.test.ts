import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIRST_MOVE_MS, MATCH_TEXTS, PLAY_TEXTS, RC_REWARDS } from '@rush/domain';
import { MATCH_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DEFAULT_MATCHMAKING_OPTIONS } from '../../src/modules/matchmaking/module.ts';
import { matchRecords } from '../../src/modules/matchmaking/schema.ts';
import { START_ADOPT_MS, START_STALE_MS } from '../../src/modules/matchmaking/settlement.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { holdAllKey } from '../../src/modules/wallet/ledger.ts';
import { movementByKey, readBalance } from '../../src/modules/wallet/ledger.store.ts';
import type { Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc, testWalletLinks, usd } from '../wallet/support/wallet.ts';
import { play, REAL_GAME, type Player } from '../play/support.ts';
import {
  changed,
  current,
  eventually,
  matchPlayer,
  pairUp,
  recordsOf,
  seated,
  startMatch,
  startMatchServer,
  usdSeek,
  wbxSeek,
} from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

/** Both records of the match the user is in, put back to `starting` as a lost write would leave them. */
async function backToStarting(server: TestServer, uid: string, clock: ManualClock): Promise<string> {
  const [rec] = (await recordsOf(server, uid)).filter((r) => !r.cleared);
  await server.ctx.db
    .update(matchRecords)
    .set({ state: 'starting', gameId: null, updatedAt: clock.now() })
    .where(eq(matchRecords.matchId, rec!.matchId!));
  return rec!.matchId!;
}

describe.each(DB_KINDS)('matchmaking flow (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startMatchServer(kind)));

  it('seek, pair, accept, play: both stakes in one escrow movement; the resign pays the winner pot minus 10%', async () => {
    const a = await matchPlayer(server, admin, { usd: 2000 });
    const b = await matchPlayer(server, admin, { usd: 2000 });
    const feeBefore = await readBalance(server.ctx.db, accountOf.fee('usd').id);
    const gameId = await startMatch(server, a, b, usdSeek(server, 5));
    const [rec] = (await recordsOf(server, a.uid)).filter((r) => !r.cleared);
    const ref = `match:${rec!.matchId}`;
    // One movement took both stakes.
    const hold = await movementByKey(server.ctx.db, holdAllKey(ref, 'usd'));
    expect(hold?.kind).toBe('stake');
    expect(await readBalance(server.ctx.db, accountOf.escrow(ref, 'usd').id)).toBe(1000n);
    expect(await usd(server, a.uid)).toBe(1500n);
    expect(await usd(server, b.uid)).toBe(1500n);

    const view = await a.view(gameId);
    const white = view.white.uid === a.uid ? a : b;
    const black = white === a ? b : a;
    await white.watch(gameId);
    await black.watch(gameId);
    // A real game's worth (10 moves each), so it earns its RushCoin rewards.
    await play(gameId, white, black, REAL_GAME);
    const loser = white;
    const winner = black;
    expect((await loser.cmd('game.resign', { gameId })).ok).toBe(true);
    const fin = await changed(winner, (m) => m.state === 'finished');
    expect(fin.result).toMatchObject({ winner: winner.uid, outcome: 'win', payout: 900 });
    expect((await changed(loser, (m) => m.state === 'finished')).result).toMatchObject({ outcome: 'loss', payout: 0 });
    expect(await usd(server, winner.uid)).toBe(2400n);
    expect(await usd(server, loser.uid)).toBe(1500n);
    expect((await readBalance(server.ctx.db, accountOf.fee('usd').id)) - feeBefore).toBe(100n);
    expect(await readBalance(server.ctx.db, accountOf.escrow(ref, 'usd').id)).toBe(0n);
    // RushCoin rewards: 100 a game, 250 for the win, 300 for the first game of the day.
    expect(await rc(server, winner.uid)).toBe(RC_REWARDS.perGame + RC_REWARDS.winBonus + RC_REWARDS.firstGameOfDay);
    expect(await rc(server, loser.uid)).toBe(RC_REWARDS.perGame + RC_REWARDS.firstGameOfDay);
    // Each player's stake row shows their own stake and the result.
    for (const [p, result] of [
      [winner, 'win'],
      [loser, 'lose'],
    ] as const) {
      const tx = await p.http.get(`${WALLET_ROUTES.transactions}?currency=usd`);
      expect(tx.status).toBe(200);
      const stake = (tx.body.transactions as any[]).find((t) => t.type === 'stake');
      expect(stake).toMatchObject({ amount: 500, notes: { result } });
    }
    await expectLedgerInvariants(server.ctx.db);
    // Done clears the record.
    expect((await winner.http.post(MATCH_ROUTES.done, {})).status).toBe(200);
    expect(await current(winner)).toBeNull();
    a.close();
    b.close();
  });

  it('a staked RushCoin game resigned at ply 2 pays the pot and no RushCoin reward (issue 33: the colluding pair)', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const gameId = await startMatch(server, a, b, wbxSeek(50));
    const { white, black } = await seated(a, b, gameId);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    expect((await white.cmd('game.resign', { gameId })).ok).toBe(true);
    expect((await changed(black, (m) => m.state === 'finished')).result).toMatchObject({
      outcome: 'win',
      payout: 9_000,
    });
    // The pot minus 10% and nothing more: 1000 - 50 + 90 RC, and 1000 - 50 RC.
    expect(await rc(server, black.uid)).toBe(104_000n);
    expect(await rc(server, white.uid)).toBe(95_000n);
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });

  it('never pairs across mode, currency or stake; a second seek is refused; the 3 s debounce', async () => {
    // PGlite is enough: the players are made side by side to save time; they seek one at a time
    const ps = await Promise.all([0, 1, 2].map(() => matchPlayer(server, admin, { usd: 5000, wbx: 1_000_000n })));
    expect((await ps[0]!.http.post(MATCH_ROUTES.seek, wbxSeek(1000))).status).toBe(200);
    expect((await ps[1]!.http.post(MATCH_ROUTES.seek, wbxSeek(2500))).status).toBe(200);
    expect((await ps[2]!.http.post(MATCH_ROUTES.seek, wbxSeek(1000, 'wmgt_000002'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1200)); // two periodic pairing runs
    for (const p of ps) expect((await current(p)).state).toBe('searching');
    // Within 3 s: ignored.
    const soon = await ps[0]!.http.post(MATCH_ROUTES.seek, wbxSeek(1000));
    expect(soon.status).toBe(429);
    expect(soon.body.error.code).toBe('TOO_SOON');
    clock.advance(3_000);
    const again = await ps[0]!.http.post(MATCH_ROUTES.seek, wbxSeek(1000));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MATCH_TEXTS.alreadyInMatch);
    clock.advance(3_000);
    for (const p of ps) expect((await p.http.post(MATCH_ROUTES.cancel, {})).status).toBe(200);
    for (const p of ps) expect(await current(p)).toBeNull();
    for (const p of ps) p.close();
  });

  it('a cancelled search is never paired: the next two players there are paired with each other', async () => {
    // PGlite is enough: the players are made side by side to save time; they seek one at a time
    const [a, b, c] = (await Promise.all([0, 1, 2].map(() => matchPlayer(server, admin, { wbx: 1_000_000n })))) as [
      Player,
      Player,
      Player,
    ];
    const seek = wbxSeek(2500);
    expect((await a.http.post(MATCH_ROUTES.seek, seek)).status).toBe(200);
    clock.advance(3_000);
    expect((await a.http.post(MATCH_ROUTES.cancel, {})).status).toBe(200);
    // Before: the cancelled record stayed in its bucket until its search deadline (120 s), and b was
    // "matched" with a, who never saw it, then waited out the accept timeout.
    const alone = await b.http.post(MATCH_ROUTES.seek, seek);
    expect(alone.body.matchmaking.state).toBe('searching');
    expect((await c.http.post(MATCH_ROUTES.seek, seek)).status).toBe(200);
    await changed(b, (m) => m.state === 'matched');
    const [rb] = (await recordsOf(server, b.uid)).filter((r) => !r.cleared);
    expect(rb!.opponentUid).toBe(c.uid);
    expect(await current(a)).toBeNull();
    expect((await recordsOf(server, a.uid)).every((r) => r.matchId === null)).toBe(true);
    expect((await b.http.post(MATCH_ROUTES.decline, {})).status).toBe(200);
    for (const p of [a, b, c]) p.close();
  });

  it('decline and accept timeout texts; search timeout -> notFound', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    await pairUp(server, a, b, wbxSeek(50));
    expect((await b.http.post(MATCH_ROUTES.decline, {})).status).toBe(200);
    expect((await changed(a, (m) => m.state === 'declined')).declinedBy).toBe('opponent');
    expect((await current(b)).declinedBy).toBe('me');
    expect(MATCH_TEXTS.opponentDeclinedMatch).toBe('Opponent declined the match');

    clock.advance(3_000);
    await pairUp(server, a, b, wbxSeek(50));
    expect((await a.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    clock.advance(20_001);
    expect((await changed(b, (m) => m.state === 'declined')).declinedBy).toBe('me');
    expect((await changed(a, (m) => m.state === 'declined')).declinedBy).toBe('opponent');

    clock.advance(3_000);
    expect((await a.http.post(MATCH_ROUTES.seek, wbxSeek(200))).status).toBe(200);
    clock.advance(120_001);
    const nf = await changed(a, (m) => m.state === 'notFound');
    expect(nf.message).toBe(MATCH_TEXTS.noMatchFound);
    clock.advance(3_000);
    expect((await a.http.post(MATCH_ROUTES.cancel, {})).status).toBe(200);
    expect(await current(a)).toBeNull();
    a.close();
    b.close();
  });

  it('one player cannot pay at the start: neither is charged, both error, no game', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    await pairUp(server, a, b, wbxSeek(500));
    // b spends down after seeking (another game's stake would do the same).
    const { createWalletCore } = await import('../../src/modules/wallet/module.ts');
    const core = createWalletCore(server.ctx, testWalletLinks());
    await core.escrow.hold({ ref: 'test:drain', uid: b.uid, currency: 'wbx', amount: 99_000n });
    expect((await a.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    expect((await b.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    const err = await changed(a, (m) => m.state === 'error');
    expect(err.message).toBe(MATCH_TEXTS.insufficientBalance);
    expect((await changed(b, (m) => m.state === 'error')).message).toBe(MATCH_TEXTS.insufficientBalance);
    expect(await rc(server, a.uid)).toBe(100_000n);
    expect(await rc(server, b.uid)).toBe(1_000n);
    expect(err.gameId).toBeNull();
    expect(await a.got('game.started')).toBe(false);
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });

  it('an aborted game refunds both stakes; a rematch with the same stake starts a new game', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const gameId = await startMatch(server, a, b, wbxSeek(100));
    expect(await rc(server, a.uid)).toBe(90_000n);
    await a.watch(gameId);
    await b.watch(gameId);
    // Aborted before any move: cancelled, refunded, no rewards.
    expect((await a.cmd('game.abort', { gameId })).ok).toBe(true);
    const fin = await changed(a, (m) => m.state === 'finished');
    expect(fin.result).toMatchObject({ outcome: 'cancelled', payout: 10_000, winner: null });
    await eventually(async () => (await rc(server, b.uid)) === 100_000n);
    expect(await rc(server, a.uid)).toBe(100_000n);
    // The in-game rematch would carry no stake: a wagered game refuses it.
    const inGame = await a.cmd('game.rematch', { gameId, action: 'offer' });
    expect(inGame).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: PLAY_TEXTS.rematchStaked } });
    // Rematch: first press offers, the opponent's press starts it.
    expect((await a.http.post(MATCH_ROUTES.rematch, {})).status).toBe(200);
    expect((await current(a)).state).toBe('finished');
    expect((await b.http.post(MATCH_ROUTES.rematch, {})).status).toBe(200);
    const next = await a.event('game.started', (d) => d.gameId !== gameId);
    expect((await changed(b, (m) => m.state === 'playing' && m.gameId === next.gameId)).bet).toBe(100);
    expect(await rc(server, a.uid)).toBe(90_000n);
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });

  it('a stalled start is adopted long before the first move is due', () => {
    // The sweep that adopts a game runs at most a sweep period after START_ADOPT_MS.
    expect(START_ADOPT_MS + DEFAULT_MATCHMAKING_OPTIONS.sweepEveryMs).toBeLessThanOrEqual(FIRST_MOVE_MS / 5);
    expect(START_ADOPT_MS).toBeLessThan(START_STALE_MS);
  });

  it('stalled start, game created, records still starting (the database went away between the writes): playing within seconds, the game still open', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const gameId = await startMatch(server, a, b, wbxSeek(50));
    await backToStarting(server, a.uid, clock);
    expect((await current(a)).state).toBe('starting');

    clock.advance(START_ADOPT_MS + 1);
    const adopted = await changed(a, (m) => m.state === 'playing');
    expect(adopted.gameId).toBe(gameId);
    expect((await changed(b, (m) => m.state === 'playing')).gameId).toBe(gameId);
    // Still inside the first move's deadline: the game is there to be played, and the stakes stay held.
    const view = await a.view(gameId);
    expect(view.status).toBe('started');
    expect(await rc(server, a.uid)).toBe(95_000n);
    expect(await rc(server, b.uid)).toBe(95_000n);
    const white = view.white.uid === a.uid ? a : b;
    const black = white === a ? b : a;
    await white.watch(gameId);
    await black.watch(gameId);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    expect((await white.cmd('game.resign', { gameId })).ok).toBe(true);
    expect((await changed(black, (m) => m.state === 'finished')).result).toMatchObject({ outcome: 'win' });
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });

  it('stalled start, no game: left to its own start until START_STALE_MS, then both error and nothing is charged', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    clock.advance(3_000); // past the previous test's seek debounce
    await pairUp(server, a, b, wbxSeek(50));
    // Both accepted on an instance that died before taking the stakes.
    const matchId = await backToStarting(server, a.uid, clock);
    clock.advance(START_ADOPT_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 3 * DEFAULT_MATCHMAKING_OPTIONS.sweepEveryMs));
    expect((await current(a)).state).toBe('starting');

    clock.advance(START_STALE_MS);
    const failed = await changed(a, (m) => m.state === 'error');
    expect(failed.message).toBe(MATCH_TEXTS.couldNotStartGame);
    expect((await changed(b, (m) => m.state === 'error')).message).toBe(MATCH_TEXTS.couldNotStartGame);
    expect(await rc(server, a.uid)).toBe(100_000n);
    expect(await rc(server, b.uid)).toBe(100_000n);
    expect((await recordsOf(server, a.uid)).find((r) => r.matchId === matchId)?.gameId).toBeNull();
    expect((await a.http.post(MATCH_ROUTES.done, {})).status).toBeLessThan(500);
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });
});
