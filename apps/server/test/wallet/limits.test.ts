import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, TOPICS, UserEvents, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { walletLimits } from '../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { login, signInAgain, Socket, userRow, type Registered } from '../accounts/support.ts';
import {
  adminDeposit,
  depositThroughSandbox,
  eventually,
  expectLedgerInvariants,
  gpsAt,
  heldUsd,
  rc,
  startManualWalletServer,
  usd,
  verifiedUser,
  type WalletCore,
  postWithdrawal,
} from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const DAY = 86_400_000;
const shown = (d: Date) => `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;

describe.each(POSTGRES_TOO)('self-limits and self-exclusion (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind)));

  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const setLimit = (u: Registered, kind: 'bet' | 'deposit', max: number, until: string) =>
    u.client.put(WALLET_ROUTES.limits, { kind, max, until });
  const history = async (uid: string) =>
    (await server.ctx.db.select({ n: count() }).from(walletLimits).where(eq(walletLimits.uid, uid)))[0]!.n;

  itOnPglite('a stricter limit applies at once; a looser one is refused while one is active', async () => {
    const u = await verifiedUser(server);
    const week = later(7 * DAY);
    const first = await setLimit(u, 'bet', 1000, week.toISOString());
    expect(first.status).toBe(200);
    expect(first.body.limits).toEqual({ bet: { max: 1000, until: week.toISOString() }, deposit: null });
    expect(await core.limits.betLimitOf(u.uid)).toEqual({ max: 1000n, until: week });

    const twoWeeks = later(14 * DAY);
    expect((await setLimit(u, 'bet', 500, twoWeeks.toISOString())).body.limits.bet).toEqual({
      max: 500,
      until: twoWeeks.toISOString(),
    });
    for (const [max, until] of [
      [2000, later(30 * DAY)], // higher maximum
      [100, later(DAY)], // shorter
    ] as const) {
      const res = await setLimit(u, 'bet', max, until.toISOString());
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'LIMIT_ACTIVE',
        message: `Your current limit is active until ${shown(twoWeeks)}. Until then it can only be made stricter.`,
      });
    }
    expect(await history(u.uid)).toBe(2);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.limits.bet).toEqual({
      max: 500,
      until: twoWeeks.toISOString(),
    });

    // Expired: it is history, and anything may be set again.
    clock.set(new Date(twoWeeks.getTime() + 1));
    // Two weeks on, the sessions have lapsed (7-day sliding lifetime): sign in again.
    await signInAgain(u);
    await signInAgain(admin);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.limits.bet).toBeNull();
    expect(await core.limits.betLimitOf(u.uid)).toBeNull();
    expect((await setLimit(u, 'bet', 90_000, later(DAY).toISOString())).status).toBe(200);
    expect(await history(u.uid)).toBe(3);
  });

  itOnPglite('refuses a past or unreadable expiry; a date alone means the end of that day (UTC)', async () => {
    const u = await verifiedUser(server);
    const past = await setLimit(u, 'deposit', 100, new Date(clock.now().getTime() - 1000).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(TEXTS.limitPast);
    for (const bad of ['tomorrow', '', '2026-13-45', 'x'.repeat(40)]) {
      const res = await setLimit(u, 'deposit', 100, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toBe(TEXTS.limitInvalidDate);
    }
    const day = later(3 * DAY)
      .toISOString()
      .slice(0, 10);
    const res = await setLimit(u, 'deposit', 100, day);
    expect(res.body.limits.deposit).toEqual({ max: 100, until: `${day}T23:59:59.999Z` });
    expect(await history(u.uid)).toBe(1);
  });

  it('two limit changes at once cannot both pass against the same old limit', async () => {
    const u = await verifiedUser(server);
    expect((await setLimit(u, 'bet', 1000, later(10 * DAY).toISOString())).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => setLimit(u, 'bet', 900 - i * 100, later((11 + i) * DAY).toISOString())),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    // Whatever order they ran in, each accepted limit is stricter than the one it replaced.
    const rows = await server.ctx.db
      .select()
      .from(walletLimits)
      .where(eq(walletLimits.uid, u.uid))
      .orderBy(walletLimits.id);
    expect(rows.length).toBe(1 + results.filter((r) => r.status === 200).length);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.max <= rows[i - 1]!.max).toBe(true);
      expect(rows[i]!.until.getTime() >= rows[i - 1]!.until.getTime()).toBe(true);
    }
  });

  itOnPglite(
    'self-exclusion closes the account for good and freezes its balances but for its own way out',
    async () => {
      const u = await verifiedUser(server);
      await adminDeposit(admin, u.uid, 5000);
      await core.rewards.grantLinkReward(u.uid);
      // A deposit never played: not withdrawable while the account may still play.
      await depositThroughSandbox(server, u, 2000);
      await eventually(async () => (await usd(server, u.uid)) === 7000n);
      const withdrawable = async () => (await u.client.get(WALLET_ROUTES.summary)).body.withdrawable;
      expect(await withdrawable()).toBe(5000);
      const socket = await Socket.open(server, u.client);
      await socket.subscribe(TOPICS.user(u.uid));

      expect((await u.client.post(WALLET_ROUTES.closeAccount, { confirm: false })).status).toBe(400);
      expect((await u.client.post(WALLET_ROUTES.closeAccount, {})).status).toBe(400);
      const closed = await u.client.post(WALLET_ROUTES.closeAccount, { confirm: true });
      expect(closed.status).toBe(200);
      expect(closed.body.user).toMatchObject({ uid: u.uid, closed: true, balances: { usd: 7000, wbx: 50_000 } });
      const event = await socket.next((m) => m.t === 'ev' && m.type === UserEvents.profileChanged);
      expect(event.data).toMatchObject({ uid: u.uid, closed: true });
      expect((await userRow(server, u.uid))!.closed).toBe(true);

      // Same session: readable, but every change refused except logging out and taking the money out.
      expect((await u.client.get(ACCOUNT_ROUTES.session)).body.user.closed).toBe(true);
      expect((await u.client.get(WALLET_ROUTES.summary)).status).toBe(200);
      const changes = [
        () => u.client.post(WALLET_ROUTES.deposits, { amount: 2000, region: 'us', deviceGps: gpsAt(server) }),
        () => u.client.put(WALLET_ROUTES.limits, { kind: 'bet', max: 1, until: later(DAY).toISOString() }),
        () => u.client.post(WALLET_ROUTES.topUp, {}),
        () => u.client.post(WALLET_ROUTES.closeAccount, { confirm: true }),
        () => u.client.patch(ACCOUNT_ROUTES.username, { username: 'Changed1' }),
        () => u.client.patch(ACCOUNT_ROUTES.settings, { showDollar: false }),
      ];
      for (const change of changes) {
        const res = await change();
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual({ code: 'ACCOUNT_CLOSED', message: 'You account has been permanently closed.' });
      }
      // Frozen in the ledger too, whoever asks, except the admin and completions.
      await expect(
        core.escrow.hold({ ref: 'game:closed', uid: u.uid, currency: 'usd', amount: 100n }),
      ).rejects.toMatchObject({
        code: 'ACCOUNT_CLOSED',
      });
      expect(
        await core.rewards.grantGameRewards({
          gameId: 'g-closed',
          uid: u.uid,
          opponentUid: 'someone',
          won: true,
          at: clock.now(),
          plies: 40,
          cancelled: false,
        }),
      ).toEqual([]);
      await expect(core.rewards.topUp(u.uid)).rejects.toBeTruthy();
      expect(await usd(server, u.uid)).toBe(7000n);
      expect(await rc(server, u.uid)).toBe(50_000n);
      expect((await adminDeposit(admin, u.uid, 1)).status).toBe(200);
      expect(await usd(server, u.uid)).toBe(7001n);

      // Its whole balance may leave through the normal withdrawal, unplayed deposit included (issue 33),
      // once the 48 hours after the last deposit have passed; then nothing more.
      expect(await withdrawable()).toBe(7001);
      clock.advance(2 * DAY + 60_000);
      const out = await postWithdrawal(server, u.client, { amount: 7001, region: 'us' });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect(await usd(server, u.uid)).toBe(0n);
      expect(await heldUsd(server, u.uid)).toBe(7001n);
      const more = await postWithdrawal(server, u.client, { amount: 1, region: 'us' });
      expect(more.body.error.code).toBe('INSUFFICIENT_FUNDS');
      // RushCoins have no cash value: they stay frozen.
      expect(await rc(server, u.uid)).toBe(50_000n);

      expect((await u.client.post(ACCOUNT_ROUTES.logout, {})).status).toBe(200);
      // Signing in again lands on the closed account (its pages show the permanent overlay), and
      // every change is still refused.
      const again = await login(server, u.username, u.password);
      expect(again.res.status).toBe(200);
      expect(again.res.body.user.closed).toBe(true);
      expect((await again.client.post(WALLET_ROUTES.topUp, {})).status).toBe(403);
      socket.close();
      await expectLedgerInvariants(server.ctx.db);
    },
  );
});
