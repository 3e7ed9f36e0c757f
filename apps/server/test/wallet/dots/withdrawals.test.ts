import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { pgliteIt, POSTGRES_TOO } from '../../support/database.ts';
import type { DotsEmulator, DotsSwitches } from '../../support/dots-emulator/emulator.ts';
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

const REUSED_KEY: DotsSwitches['reusedKey'][] = ['conflict-409', 'bad-request-400', 'unprocessable-422', 'original'];

describe.each(POSTGRES_TOO)('withdrawals through Dots payouts (%s)', (kind) => {
  const pgIt = pgliteIt(kind);
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
  const settled = (id: string, status: 'completed' | 'rejected') =>
    eventually(async () => (await withdrawalRow(server, id))?.status === status, 10_000);
  const payoutsOf = (reference: string) => emu.payouts().filter((p) => p.reference === reference);
  /** The resend sweep's turn (30 s later), then back to the real time Dots signs webhooks with. */
  const later = async (check: () => Promise<boolean>) => {
    clock.set(new Date(Date.now() + 31_000));
    try {
      await eventually(check, 10_000);
    } finally {
      clock.set(new Date());
    }
  };
  /** A withdrawal requested through a client whose first payout answer is lost. */
  const ambiguous = async (cents: number) => {
    const { u, dotsUserId } = await funded(cents);
    const quick = dotsCore(server, { timeoutMs: 500, retries: 2, backoffMs: () => 5 });
    emu.faults.dropAnswer(1, DOTS_PATHS.payouts);
    const tx = await quick.withdrawals.request(
      { id: u.uid, username: u.username, banned: false },
      { amount: cents, region: 'us', deviceGps: gpsAt(server) },
      null,
    );
    expect(tx.status).toBe('pending');
    const [w] = await withdrawalsOf(server, u.uid);
    // Dots made one payout; the retry under the same key made none.
    expect(payoutsOf(w!.id)).toHaveLength(1);
    return { u, w: w!, dotsUserId };
  };

  pgIt('a payout Dots completes: the published body, the held money leaves once', async () => {
    emu.setPayouts('complete');
    const { u, dotsUserId } = await funded(5000);
    const app = emu.appWallet.amount;
    const res = await postWithdrawal(server, u.client, { amount: 2000, region: 'us' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transaction).toMatchObject({ type: 'withdraw', amount: 2000, status: 'pending' });
    const [w] = await withdrawalsOf(server, u.uid);
    await settled(w!.id, 'completed');
    const [payout] = payoutsOf(w!.id);
    expect(payout).toMatchObject({ userId: dotsUserId, amount: 2000, status: 'completed' });
    expect((await withdrawalRow(server, w!.id))!.providerRef).toBe(payout!.id);
    const sent = emu.log.find((e) => e.path === DOTS_PATHS.payouts && e.status === 201)!;
    expect(sent.body).toMatchObject({ user_id: dotsUserId, amount: 2000, platform: 'default', fund: true });
    expect(emu.appWallet.amount).toBe(app - 2000);
    expect(await usd(server, u.uid)).toBe(3000n);
    expect(await held(u.uid)).toBe(0n);
    // Its webhook replayed, and the read-back sweep: nothing changes.
    for (const d of emu.deliveries.slice(-1)) expect((await emu.redeliver(d)).status).toBe(200);
    await dotsCore(server).withdrawals.reconcileSent();
    expect(await usd(server, u.uid)).toBe(3000n);
    const history = (await u.client.get('/api/wallet/transactions')).body;
    expect(history.transactions.filter((t: { type: string }) => t.type === 'withdraw')).toEqual([
      expect.objectContaining({ amount: 2000, status: 'completed' }),
    ]);
    await expectLedgerInvariants(server.ctx.db);
  });

  for (const failedPayoutFunds of ['app', 'user'] as const) {
    pgIt(
      `a payout that fails (its money returned to the ${failedPayoutFunds}): refunded once, paid never`,
      async () => {
        emu.set({ failedPayoutFunds });
        emu.setPayouts('fail');
        try {
          const { u, dotsUserId } = await funded(4000);
          const app = emu.appWallet.amount;
          expect((await postWithdrawal(server, u.client, { amount: 4000, region: 'us' })).status).toBe(200);
          const [w] = await withdrawalsOf(server, u.uid);
          await settled(w!.id, 'rejected');
          expect(payoutsOf(w!.id).map((p) => p.status)).toEqual(['failed']);
          // Either way the money is back in the app's Dots wallet before the refund.
          expect(emu.appWallet.amount).toBe(app);
          expect(emu.user(dotsUserId)!.wallet).toBe(0);
          const reclaims = emu.transfers().filter((t) => t.metadata?.reclaims === w!.id);
          expect(reclaims).toHaveLength(failedPayoutFunds === 'user' ? 1 : 0);
          expect(await usd(server, u.uid)).toBe(4000n);
          expect(await held(u.uid)).toBe(0n);
          for (const d of emu.deliveries.slice(-1)) expect((await emu.redeliver(d)).status).toBe(200);
          await dotsCore(server).withdrawals.reconcileSent();
          expect(await usd(server, u.uid)).toBe(4000n);
          expect(emu.transfers().filter((t) => t.metadata?.reclaims === w!.id)).toHaveLength(reclaims.length);
          await expectLedgerInvariants(server.ctx.db);
        } finally {
          emu.set({ failedPayoutFunds: 'app' });
          emu.setPayouts('complete');
        }
      },
    );
  }

  for (const reusedKey of REUSED_KEY) {
    for (const payoutMetadata of ['kept', 'dropped'] as const) {
      pgIt(
        `a payout whose answer is lost, then succeeds (reused key: ${reusedKey}; metadata ${payoutMetadata}): paid once, never refunded`,
        async () => {
          emu.set({ reusedKey, payoutMetadata });
          emu.setPayouts('pending');
          try {
            const { u, w } = await ambiguous(3000);
            expect(await held(u.uid)).toBe(3000n);
            // The sweep reads Dots' transfers before sending anything again: it finds the payout.
            await later(async () => (await withdrawalRow(server, w.id))?.providerRef === payoutsOf(w.id)[0]!.id);
            expect(payoutsOf(w.id)).toHaveLength(1);
            expect((await emu.settlePayout(w.id, 'completed')).status).toBe(200);
            await settled(w.id, 'completed');
            await dotsCore(server).withdrawals.reconcileSent();
            expect(payoutsOf(w.id)).toHaveLength(1);
            expect(await usd(server, u.uid)).toBe(0n);
            expect(await held(u.uid)).toBe(0n);
            expect((await withdrawalRow(server, w.id))!.status).toBe('completed');
            await expectLedgerInvariants(server.ctx.db);
          } finally {
            emu.set({ reusedKey: 'conflict-409', payoutMetadata: 'kept' });
            emu.setPayouts('complete');
          }
        },
      );
    }
  }

  for (const reusedKey of REUSED_KEY) {
    pgIt(`a payout whose answer is lost, then fails (reused key: ${reusedKey}): refunded once`, async () => {
      emu.set({ reusedKey });
      emu.setPayouts('pending');
      try {
        const { u, w } = await ambiguous(2500);
        await emu.settlePayout(w.id, 'failed');
        await settled(w.id, 'rejected');
        expect(await usd(server, u.uid)).toBe(2500n);
        await later(() => Promise.resolve(true));
        await dotsCore(server).withdrawals.resendUnsent();
        expect(payoutsOf(w.id)).toHaveLength(1);
        expect(await usd(server, u.uid)).toBe(2500n);
        await expectLedgerInvariants(server.ctx.db);
      } finally {
        emu.set({ reusedKey: 'conflict-409' });
        emu.setPayouts('complete');
      }
    });
  }

  pgIt(
    'an unknown 4xx (Dots no longer verifies the user): the money stays held, never refunded, never paid',
    async () => {
      emu.setPayouts('complete');
      const { u, dotsUserId } = await funded(3000);
      emu.user(dotsUserId)!.verified = false;
      expect((await postWithdrawal(server, u.client, { amount: 3000, region: 'us' })).status).toBe(200);
      const [w] = await withdrawalsOf(server, u.uid);
      await dotsCore(server).withdrawals.resendUnsent();
      expect((await withdrawalRow(server, w!.id))!.status).toBe('pending');
      expect(await held(u.uid)).toBe(3000n);
      expect(payoutsOf(w!.id)).toHaveLength(0);
      // Verified again at Dots: the sweep finds no payout and sends it once, under the same key.
      emu.user(dotsUserId)!.verified = true;
      await later(async () => (await withdrawalRow(server, w!.id))?.status === 'completed');
      expect(payoutsOf(w!.id)).toHaveLength(1);
      expect(await held(u.uid)).toBe(0n);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  pgIt('a hanging provider: the request times out, the money stays held, the sweep sends it once later', async () => {
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
    expect(payoutsOf(w!.id)).toHaveLength(0);
    expect(await held(u.uid)).toBe(2500n);
    await later(async () => (await withdrawalRow(server, w!.id))?.status === 'completed');
    expect(payoutsOf(w!.id)).toHaveLength(1);
    expect(await held(u.uid)).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a payout answered while six read-backs and its webhook race: resolved once', async () => {
    emu.setPayouts('pending');
    try {
      const { u, w } = await ambiguous(2000);
      const webhook = await emu.settlePayout(w.id, 'completed');
      const core = dotsCore(server);
      clock.set(new Date(Date.now() + 31_000));
      try {
        await Promise.all([
          ...Array.from({ length: 3 }, () => core.withdrawals.resendUnsent()),
          ...Array.from({ length: 3 }, () => emu.redeliver(webhook)),
        ]);
      } finally {
        clock.set(new Date());
      }
      await settled(w.id, 'completed');
      expect(payoutsOf(w.id)).toHaveLength(1);
      expect(await usd(server, u.uid)).toBe(0n);
      expect(await held(u.uid)).toBe(0n);
      await expectLedgerInvariants(server.ctx.db);
    } finally {
      emu.setPayouts('complete');
    }
  });
});
