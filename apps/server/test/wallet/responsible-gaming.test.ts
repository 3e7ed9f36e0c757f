import { describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { CoolOffError, LossLimitError } from '../../src/modules/wallet/index.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { signInAgain, type Registered } from '../accounts/support.ts';
import {
  expectLedgerInvariants,
  fundedUser,
  gpsAt,
  postWithdrawal,
  startManualWalletServer,
  usd,
  type WalletCore,
} from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const shown = (d: Date) => `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;

/**
 * Issue 37: a break and loss limits through the wallet's routes, and the judgement every stake
 * passes inside its own ledger movement (the paths' own suites show each path's refusal).
 */
describe.each(POSTGRES_TOO)('breaks and loss limits (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind)));

  const stake = (uid: string, ref: string, amount: bigint) =>
    core.escrow.hold({ ref: `rg:${ref}`, uid, currency: 'usd', amount });
  const setLoss = (u: Registered, max: number | null, period: 'day' | 'week' | 'month' = 'day') =>
    u.client.put(WALLET_ROUTES.lossLimits, { currency: 'usd', period, max });

  itOnPglite('a break refuses stakes and deposits, keeps withdrawals open, and cannot be shortened', async () => {
    const u = await fundedUser(server, admin, 10_000);
    const taken = await u.client.post(WALLET_ROUTES.coolOff, { choice: '7d' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const until = new Date(clock.now().getTime() + 7 * DAY);
    expect(taken.body.coolOffUntil).toBe(until.toISOString());
    // `Me` carries it too: the header and the screens that start games show it.
    expect((await u.client.get(ACCOUNT_ROUTES.session)).body.user.coolOffUntil).toBe(until.toISOString());

    const err = await stake(u.uid, 'break', 100n).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoolOffError);
    expect((err as CoolOffError).message).toBe(TEXTS.coolOffActive(shown(until)));
    expect(await usd(server, u.uid)).toBe(10_000n);

    const deposit = await u.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(deposit.status).toBe(403);
    expect(deposit.body.error).toEqual({ code: 'COOL_OFF', message: TEXTS.coolOffActive(shown(until)) });

    const shorter = await u.client.post(WALLET_ROUTES.coolOff, { choice: '24h' });
    expect(shorter.status).toBe(409);
    expect(shorter.body.error.message).toBe(TEXTS.coolOffShorter(shown(until)));
    const longer = await u.client.post(WALLET_ROUTES.coolOff, { choice: '30d' });
    expect(longer.body.coolOffUntil).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());

    const out = await postWithdrawal(server, u.client, { amount: 3000 });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(await usd(server, u.uid)).toBe(7000n);

    // When it ends, play is open again.
    clock.advance(30 * DAY);
    // A month on, the sessions have lapsed (7-day sliding lifetime): sign in again.
    await signInAgain(u);
    await signInAgain(admin);
    expect((await stake(u.uid, 'after-break', 100n)).status).toBe('applied');
    expect((await u.client.get(WALLET_ROUTES.summary)).body.coolOffUntil).toBeNull();
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('a loss limit counts the stake as lost; tighter at once, looser after 24 hours', async () => {
    const u = await fundedUser(server, admin, 10_000);
    const set = await setLoss(u, 1000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const day = set.body.lossLimits.find(
      (l: { currency: string; period: string }) => l.currency === 'usd' && l.period === 'day',
    );
    expect(day).toMatchObject({ max: 1000, used: 0, pending: null });

    expect((await stake(u.uid, 'a', 600n)).status).toBe('applied');
    const err = await stake(u.uid, 'b', 401n).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LossLimitError);
    expect((err as LossLimitError).message).toBe(TEXTS.lossLimitPassed('daily', '$10.00'));
    // Reaching the limit exactly is allowed.
    expect((await stake(u.uid, 'c', 400n)).status).toBe('applied');
    const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(
      summary.lossLimits.find((l: { period: string; currency: string }) => l.currency === 'usd' && l.period === 'day')
        .used,
    ).toBe(1000);

    // Raising it waits 24 hours; the answer names the change and its time.
    const raised = await setLoss(u, 5000);
    const effectiveAt = new Date(clock.now().getTime() + DAY).toISOString();
    const view = raised.body.lossLimits.find(
      (l: { period: string; currency: string }) => l.currency === 'usd' && l.period === 'day',
    );
    expect(view).toMatchObject({ max: 1000, pending: { max: 5000, effectiveAt } });
    expect(await stake(u.uid, 'd', 1n).catch((e: unknown) => e)).toBeInstanceOf(LossLimitError);

    // A lower limit applies at once and cancels the waiting raise.
    const lowered = await setLoss(u, 500);
    expect(
      lowered.body.lossLimits.find(
        (l: { period: string; currency: string }) => l.currency === 'usd' && l.period === 'day',
      ),
    ).toMatchObject({ max: 500, pending: null });

    // A new day: the loss so far starts again from zero.
    clock.advance(DAY);
    expect((await stake(u.uid, 'e', 500n)).status).toBe('applied');
    expect(await stake(u.uid, 'f', 1n).catch((e: unknown) => e)).toBeInstanceOf(LossLimitError);
    const negative = await setLoss(u, -1);
    expect(negative.status).toBe(400);
  });

  it('two stakes at once that together pass the limit: exactly one is taken', async () => {
    const u = await fundedUser(server, admin, 10_000);
    expect((await setLoss(u, 1000, 'week')).status).toBe(200);
    const outcomes = await Promise.allSettled([stake(u.uid, 'race-1', 700n), stake(u.uid, 'race-2', 700n)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(LossLimitError);
    expect(await usd(server, u.uid)).toBe(9300n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
