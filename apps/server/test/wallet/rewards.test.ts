import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RC_REWARDS, REWARD_LIMITS, TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc, verifiedUser, testWalletLinks, walletCore } from './support/wallet.ts';

const DAY = 86_400_000;
/** A counted game (40 plies) against an opponent of its own, so no pair cap applies. */
const played = (
  gameId: string,
  uid: string,
  won: boolean,
  at: Date,
  more: Partial<Parameters<Core['rewards']['grantGameRewards']>[0]> = {},
) => ({
  gameId,
  uid,
  won,
  at,
  opponentUid: `opp-${gameId}`,
  plies: 40,
  cancelled: false,
  ...more,
});
type Core = ReturnType<typeof walletCore>;

describe.each(POSTGRES_TOO)('RushCoins (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  let core: ReturnType<typeof walletCore>;
  /** Who the core's top-up rule sees playing (play's answer, faked). */
  let playing: string | null = null;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind, clock: 'manual' });
    clock = server.clock as ManualClock;
    core = walletCore(server, {
      games: { ...testWalletLinks().games, isGameRunning: (uid) => Promise.resolve(uid === playing) },
    });
  });
  afterAll(() => server?.stop());

  it('500 RC for linking the chess account, once, however often it is replayed', async () => {
    const u = await verifiedUser(server);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => core.rewards.grantLinkReward(u.uid)));
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    expect(await rc(server, u.uid)).toBe(50_000n);
    await core.rewards.grantLinkReward(u.uid);
    expect(await rc(server, u.uid)).toBe(50_000n);
  });

  it('100 per game, 250 for a win, 300 for the first game of the UTC day; replays pay nothing', async () => {
    const u = await verifiedUser(server);
    const at = clock.now();
    await core.rewards.grantGameRewards(played('g1', u.uid, true, at));
    expect(await rc(server, u.uid)).toBe(65_000n);
    await Promise.all(Array.from({ length: 5 }, () => core.rewards.grantGameRewards(played('g1', u.uid, true, at))));
    expect(await rc(server, u.uid)).toBe(65_000n);
    await core.rewards.grantGameRewards(played('g2', u.uid, false, at));
    expect(await rc(server, u.uid)).toBe(75_000n);
    await core.rewards.grantGameRewards(played('g3', u.uid, true, new Date(at.getTime() + DAY)));
    expect(await rc(server, u.uid)).toBe(75_000n + 65_000n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a game that does not count earns nothing: aborted, or fewer than 10 moves by each side (issue 33)', async () => {
    const u = await verifiedUser(server);
    const at = clock.now();
    // The colluding pair's game: one resigns at ply 2.
    expect(await core.rewards.grantGameRewards(played('short', u.uid, true, at, { plies: 2 }))).toEqual([]);
    expect(await core.rewards.grantGameRewards(played('nineteen', u.uid, true, at, { plies: 19 }))).toEqual([]);
    expect(await core.rewards.grantGameRewards(played('aborted', u.uid, false, at, { cancelled: true }))).toEqual([]);
    expect(await rc(server, u.uid)).toBe(0n);
    await core.rewards.grantGameRewards(played('twenty', u.uid, false, at, { plies: 20 }));
    expect(await rc(server, u.uid)).toBe(RC_REWARDS.perGame + RC_REWARDS.firstGameOfDay);
  });

  it('at most 10 rewarded games a UTC day, 3 against one opponent; the next day starts again (issue 33)', async () => {
    const u = await verifiedUser(server);
    const at = clock.now();
    for (let i = 0; i < 4; i++) {
      await core.rewards.grantGameRewards(played(`pair-${i}`, u.uid, true, at, { opponentUid: 'same-friend' }));
    }
    const perWin = RC_REWARDS.perGame + RC_REWARDS.winBonus;
    expect(await rc(server, u.uid)).toBe(3n * perWin + RC_REWARDS.firstGameOfDay);
    for (let i = 0; i < 9; i++) await core.rewards.grantGameRewards(played(`day-${i}`, u.uid, true, at));
    expect(await rc(server, u.uid)).toBe(BigInt(REWARD_LIMITS.gamesPerDay) * perWin + RC_REWARDS.firstGameOfDay);
    // A replay of a rewarded game still pays nothing more, and one refused stays refused.
    await core.rewards.grantGameRewards(played('pair-0', u.uid, true, at, { opponentUid: 'same-friend' }));
    await core.rewards.grantGameRewards(played('pair-3', u.uid, true, at, { opponentUid: 'same-friend' }));
    expect(await rc(server, u.uid)).toBe(BigInt(REWARD_LIMITS.gamesPerDay) * perWin + RC_REWARDS.firstGameOfDay);

    const before = await rc(server, u.uid);
    clock.set(new Date(at.getTime() + DAY));
    await core.rewards.grantGameRewards(played('next-day', u.uid, true, clock.now(), { opponentUid: 'same-friend' }));
    expect(await rc(server, u.uid)).toBe(before + perWin + RC_REWARDS.firstGameOfDay);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('games finishing at once cannot pass the daily cap together (issue 33)', async () => {
    const u = await verifiedUser(server);
    const at = clock.now();
    const games = Array.from({ length: REWARD_LIMITS.gamesPerDay + 5 }, (_, i) =>
      played(`burst-${i}`, u.uid, false, at),
    );
    await Promise.all(games.map((g) => core.rewards.grantGameRewards(g)));
    expect(await rc(server, u.uid)).toBe(
      BigInt(REWARD_LIMITS.gamesPerDay) * RC_REWARDS.perGame + RC_REWARDS.firstGameOfDay,
    );
    await expectLedgerInvariants(server.ctx.db);
  });

  it('top-up: 100 RC only at a zero balance, with no game running, once a UTC day', async () => {
    const u = await verifiedUser(server);
    const topUp = () => u.client.post(WALLET_ROUTES.topUp, {});
    await core.rewards.grantLinkReward(u.uid);
    const notEmpty = await topUp();
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.error).toEqual({ code: 'TOPUP_UNAVAILABLE', message: TEXTS.topUpNotEmpty });
    // Lose everything in a game: now at zero.
    await core.escrow.hold({ ref: 'game:rc-out', uid: u.uid, currency: 'wbx', amount: 50_000n });
    const results = await Promise.all(Array.from({ length: 8 }, () => topUp()));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.balances).toEqual({ usd: 0, wbx: 10_000 });
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error.code).toBe('TOPUP_UNAVAILABLE');
    expect(await rc(server, u.uid)).toBe(10_000n);

    await core.escrow.hold({ ref: 'game:rc-out-2', uid: u.uid, currency: 'wbx', amount: 10_000n });
    const sameDay = await topUp();
    expect(sameDay.status).toBe(409);
    expect(sameDay.body.error.message).toBe(TEXTS.topUpAlreadyToday);

    const now = clock.now();
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
    playing = u.uid;
    await expect(core.rewards.topUp(u.uid)).rejects.toMatchObject({
      code: 'TOPUP_UNAVAILABLE',
      message: TEXTS.topUpGameRunning,
    });
    playing = null;
    expect((await topUp()).status).toBe(200);
    expect(await rc(server, u.uid)).toBe(10_000n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
