import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import {
  adminDeposit,
  eventually,
  expectLedgerInvariants,
  usd,
  verifiedUser,
  withdrawalRow,
  withdrawalsOf,
  postWithdrawal,
  gpsAt,
  heldUsd,
} from '../support/wallet.ts';
import { dotsCore, onboard, startDotsServer } from './support.ts';

describe.each(DB_KINDS)('withdrawals through Dots (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let admin: Registered;
  let clock: ManualClock;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    // A manual clock at the real time: Dots signs webhooks with the real time.
    clock = new ManualClock(new Date());
    ({ server, emu, admin, stop } = await startDotsServer(kind, clock));
  });
  afterAll(() => stop?.());

  const funded = async (cents: number) => {
    const u = await verifiedUser(server);
    expect((await adminDeposit(admin, u.uid, cents)).status).toBe(200);
    const dotsUserId = await onboard(server, emu, u);
    return { u, dotsUserId };
  };
  const held = (uid: string) => heldUsd(server, uid);
  /** The payout's webhook once the emulator has its answer (the ledger may see it a moment before). */
  const payoutDelivery = async (reference: string) => {
    const matching = () =>
      [...emu.deliveries].filter((d) => {
        const t = emu.transfer((JSON.parse(d.raw) as { transfer_id: string }).transfer_id);
        return t?.type === 'payout' && t.metadata.reference === reference;
      });
    await eventually(() => matching().length > 0, 5_000);
    return matching()[0]!;
  };
  const settled = (id: string, status: 'completed' | 'rejected') =>
    eventually(async () => (await withdrawalRow(server, id))?.status === status, 10_000);

  it('a payout Dots completes: the held money leaves once', async () => {
    emu.setPayouts('complete');
    const { u, dotsUserId } = await funded(5000);
    const app = emu.appWallet.amount;
    const res = await postWithdrawal(server, u.client, { amount: 1500, region: 'us' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transaction).toMatchObject({ type: 'withdraw', amount: 1500, status: 'pending' });
    const [w] = await withdrawalsOf(server, u.uid);
    await settled(w!.id, 'completed');

    const payout = emu.payoutByReference(w!.id)!;
    expect(payout).toMatchObject({ userId: dotsUserId, amount: 1500, status: 'completed' });
    expect((await withdrawalRow(server, w!.id))!.providerRef).toBe(payout.id);
    const sent = emu.log.find(
      (e) =>
        e.path === DOTS_PATHS.payouts &&
        e.status === 200 &&
        (e.body as { metadata?: { reference?: string } }).metadata?.reference === w!.id,
    )!;
    expect(sent.body).toMatchObject({
      user_id: dotsUserId,
      amount: 1500,
      platform: 'default',
      fund: true,
      metadata: { reference: w!.id, amount: '1500' },
    });
    expect((sent.body as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(emu.appWallet.amount).toBe(app - 1500);
    expect(await usd(server, u.uid)).toBe(3500n);
    expect(await held(u.uid)).toBe(0n);
    // The payout's webhook replayed changes nothing.
    const delivery = await payoutDelivery(w!.id);
    expect(delivery.status).toBe(200);
    expect((await emu.redeliver(delivery)).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(3500n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a payout Dots rejects: the held money comes back once', async () => {
    emu.setPayouts('fail');
    const { u } = await funded(4000);
    const app = emu.appWallet.amount;
    expect((await postWithdrawal(server, u.client, { amount: 4000, region: 'us' })).status).toBe(200);
    const [w] = await withdrawalsOf(server, u.uid);
    await settled(w!.id, 'rejected');
    expect(emu.payoutByReference(w!.id)!.status).toBe('failed');
    expect(emu.appWallet.amount).toBe(app);
    expect(await usd(server, u.uid)).toBe(4000n);
    expect(await held(u.uid)).toBe(0n);
    expect((await emu.redeliver(await payoutDelivery(w!.id))).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(4000n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('Dots takes the payout but its answers are lost to timeouts: one payout, paid once', async () => {
    emu.setPayouts('pending');
    const { u } = await funded(3000);
    const quick = dotsCore(server, { timeoutMs: 150, retries: 2, backoffMs: () => 5 });
    const before = emu.count(DOTS_PATHS.payouts);
    emu.faults.slow(400);
    try {
      const tx = await quick.withdrawals.request(
        { id: u.uid, username: u.username, banned: false },
        { amount: 1000, region: 'us', deviceGps: gpsAt(server) },
        null,
      );
      expect(tx.status).toBe('pending');
      // Three attempts under one idempotency key: Dots made one payout and refused the others.
      await eventually(
        () => emu.log.filter((e) => e.path === DOTS_PATHS.payouts && e.status > 0).length - before === 3,
        5_000,
      );
    } finally {
      emu.faults.slow(0);
    }
    const [w] = await withdrawalsOf(server, u.uid);
    expect(w!.providerRef).toBeNull();
    expect(emu.payouts().filter((p) => p.reference === w!.id)).toHaveLength(1);
    expect(await usd(server, u.uid)).toBe(2000n);
    expect(await held(u.uid)).toBe(1000n);

    // The resend sweep asks again after 30 s: Dots refuses the reused key, so nothing doubles,
    // and the request counts as sent.
    clock.advance(31_000);
    await eventually(async () => (await withdrawalRow(server, w!.id))?.providerRef != null, 10_000);
    expect((await withdrawalRow(server, w!.id))!.providerRef).toMatch(/^idempotency:/);
    expect(emu.payouts().filter((p) => p.reference === w!.id)).toHaveLength(1);

    expect((await emu.settlePayout(w!.id, 'completed')).status).toBe(200);
    await settled(w!.id, 'completed');
    expect(await usd(server, u.uid)).toBe(2000n);
    expect(await held(u.uid)).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a payout Dots refuses for good (the user no longer verified there): the money comes back, never resent', async () => {
    emu.setPayouts('complete');
    const { u, dotsUserId } = await funded(3000);
    emu.user(dotsUserId)!.verified = false;
    const sentBefore = emu.count(DOTS_PATHS.payouts, 'POST');
    expect((await postWithdrawal(server, u.client, { amount: 3000, region: 'us' })).status).toBe(200);
    const [w] = await withdrawalsOf(server, u.uid);
    await settled(w!.id, 'rejected');
    expect(await usd(server, u.uid)).toBe(3000n);
    expect(await held(u.uid)).toBe(0n);
    // The sweep's turn comes and goes: nothing is sent again.
    clock.advance(31_000);
    await dotsCore(server).withdrawals.resendUnsent();
    expect(emu.count(DOTS_PATHS.payouts, 'POST')).toBe(sentBefore + 1);
    expect(emu.payoutByReference(w!.id)).toBeUndefined();
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a hanging provider: the payout request times out, the money stays held, the sweep sends it once later', async () => {
    emu.setPayouts('complete');
    const { u } = await funded(2500);
    const quick = dotsCore(server, { timeoutMs: 150, retries: 1, backoffMs: () => 5 });
    emu.faults.hang(true, DOTS_PATHS.payouts);
    try {
      const tx = await quick.withdrawals.request(
        { id: u.uid, username: u.username, banned: false },
        { amount: 2500, region: 'us', deviceGps: gpsAt(server) },
        null,
      );
      expect(tx.status).toBe('pending');
    } finally {
      emu.faults.hang(false);
    }
    const [w] = await withdrawalsOf(server, u.uid);
    expect(w!.status).toBe('pending');
    expect(emu.payoutByReference(w!.id)).toBeUndefined();
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await held(u.uid)).toBe(2500n);

    clock.advance(31_000);
    await settled(w!.id, 'completed');
    expect(emu.payouts().filter((p) => p.reference === w!.id)).toHaveLength(1);
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await held(u.uid)).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
