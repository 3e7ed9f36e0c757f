import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../../src/platform/clock.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import { adminDeposit, gpsAt, usd, verifiedUser, withdrawalsOf } from '../support/wallet.ts';
import { dotsCore, onboard, startDotsDeposit, startDotsServer } from './support.ts';

/**
 * Issue 32's admin view of money stuck between the ledger and Dots: an hour on, the open
 * checkout and the held withdrawal are listed with what Dots says of each, and looking moves
 * nothing; players may not look.
 */
describe.each(DB_KINDS)('stuck payments for admins (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let admin: Registered;
  let clock: ManualClock;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    ({ server, emu, admin, stop } = await startDotsServer(kind, clock));
  });
  afterAll(() => stop?.());

  it('an open checkout paid at Dots and a payout whose answer was lost, side by side with Dots', async () => {
    const payer = await verifiedUser(server);
    await onboard(server, emu, payer);
    const { sessionId } = await startDotsDeposit(server, emu, payer, 2500);
    // Paid at Dots, but the webhook never arrived.
    emu.setWebhookUrl('http://127.0.0.1:9/');
    await emu.payCheckout(sessionId);

    const payee = await verifiedUser(server);
    expect((await adminDeposit(admin, payee.uid, 3000)).status).toBe(200);
    await onboard(server, emu, payee);
    emu.setPayouts('pending');
    emu.faults.dropAnswer(1, DOTS_PATHS.payouts);
    await dotsCore(server, { timeoutMs: 500, retries: 0 }).withdrawals.request(
      { id: payee.uid, username: payee.username, banned: false },
      { amount: 3000, region: 'us', deviceGps: gpsAt(server) },
      null,
    );
    const [w] = await withdrawalsOf(server, payee.uid);

    clock.set(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await admin.client.get(WALLET_ROUTES.adminStuckPayments);
      expect(res.status).toBe(200);
      expect(res.body.olderThanMinutes).toBe(60);
      expect(res.body.deposits).toEqual([
        expect.objectContaining({
          id: sessionId,
          username: payer.username,
          amount: 2500,
          ours: 'open',
          provider: 'paid',
        }),
      ]);
      expect(res.body.withdrawals).toEqual([
        expect.objectContaining({
          id: w!.id,
          username: payee.username,
          amount: 3000,
          providerRef: null,
          provider: 'pending',
        }),
      ]);
      // Looking moved nothing.
      expect(await usd(server, payer.uid)).toBe(0n);
      expect((await payer.client.get(WALLET_ROUTES.adminStuckPayments)).status).toBe(403);
    } finally {
      clock.set(new Date());
      emu.setPayouts('complete');
    }
  });
});
