import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc, verifiedUser, walletCore } from './support/wallet.ts';

const DAY = 86_400_000;

describe.each(POSTGRES_TOO)('RushCoins (%s)', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  let core: ReturnType<typeof walletCore>;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
    core = walletCore(server);
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
    await core.rewards.grantGameRewards({ gameId: 'g1', uid: u.uid, won: true, at });
    expect(await rc(server, u.uid)).toBe(65_000n);
    await Promise.all(
      Array.from({ length: 5 }, () => core.rewards.grantGameRewards({ gameId: 'g1', uid: u.uid, won: true, at })),
    );
    expect(await rc(server, u.uid)).toBe(65_000n);
    await core.rewards.grantGameRewards({ gameId: 'g2', uid: u.uid, won: false, at });
    expect(await rc(server, u.uid)).toBe(75_000n);
    await core.rewards.grantGameRewards({ gameId: 'g3', uid: u.uid, won: true, at: new Date(at.getTime() + DAY) });
    expect(await rc(server, u.uid)).toBe(75_000n + 65_000n);
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
    await core.wallet.hold({ ref: 'game:rc-out', uid: u.uid, currency: 'wbx', amount: 50_000n });
    const results = await Promise.all(Array.from({ length: 8 }, () => topUp()));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.balances).toEqual({ usd: 0, wbx: 10_000 });
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error.code).toBe('TOPUP_UNAVAILABLE');
    expect(await rc(server, u.uid)).toBe(10_000n);

    await core.wallet.hold({ ref: 'game:rc-out-2', uid: u.uid, currency: 'wbx', amount: 10_000n });
    const sameDay = await topUp();
    expect(sameDay.status).toBe(409);
    expect(sameDay.body.error.message).toBe(TEXTS.topUpAlreadyToday);

    const now = clock.now();
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
    core.rewards.setGameActivity({ isGameRunning: (uid) => Promise.resolve(uid === u.uid) });
    await expect(core.rewards.topUp(u.uid)).rejects.toMatchObject({
      code: 'TOPUP_UNAVAILABLE',
      message: TEXTS.topUpGameRunning,
    });
    core.rewards.setGameActivity({ isGameRunning: () => Promise.resolve(false) });
    expect((await topUp()).status).toBe(200);
    expect(await rc(server, u.uid)).toBe(10_000n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
