import { describe, expect, it } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import { suiteSetUp } from '../../support/suite-set-up.ts';
import type { Registered } from '../../accounts/support.ts';
import {
  adminDeposit,
  eventually,
  postWithdrawal,
  usd,
  verifiedUser,
  withdrawalRow,
  withdrawalsOf,
} from '../support/wallet.ts';
import { dotsCore, onboard, startDotsDeposit, startDotsServer } from './support.ts';

/**
 * Issue 32: the platform's balance at Dots ("Retrieve an App", metrics.wallet_balance) against
 * the ledger: deposits credited minus payouts made, less the payouts Dots holds in flight.
 */
describe.each(DB_KINDS)("the platform's Dots balance against the ledger (%s)", (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let admin: Registered;
  suiteSetUp(async () => ({ server, emu, admin } = await startDotsServer(kind)));

  it('agrees through a deposit, a payout in flight and paid, in either written form; a gap is reported', async () => {
    const reconcile = () => dotsCore(server).paymentsReconciliation.run();
    expect(await reconcile()).toMatchObject({ provider: 0, ledger: 0, ok: true });

    const payer = await verifiedUser(server);
    await onboard(server, emu, payer);
    const { sessionId } = await startDotsDeposit(server, emu, payer, 5000);
    await emu.payCheckout(sessionId);
    expect(await usd(server, payer.uid)).toBe(5000n);
    for (const appBalance of ['dollars', 'cents'] as const) {
      emu.set({ appBalance });
      expect(await reconcile()).toMatchObject({ provider: 5000, ledger: 5000, inFlight: 0, difference: 0, ok: true });
    }

    // A payout Dots has taken but not finished: out of the app's wallet already, in flight for us.
    const payee = await verifiedUser(server);
    expect((await adminDeposit(admin, payee.uid, 2000)).status).toBe(200);
    await onboard(server, emu, payee);
    emu.setPayouts('pending');
    expect((await postWithdrawal(server, payee.client, { amount: 2000, region: 'us' })).status).toBe(200);
    const [w] = await withdrawalsOf(server, payee.uid);
    await eventually(async () => (await withdrawalRow(server, w!.id))?.providerRef != null);
    expect(await reconcile()).toMatchObject({ provider: 3000, ledger: 3000, inFlight: 2000, ok: true });
    await emu.settlePayout(w!.id, 'completed');
    await eventually(async () => (await withdrawalRow(server, w!.id))?.status === 'completed');
    expect(await reconcile()).toMatchObject({ provider: 3000, ledger: 3000, inFlight: 0, ok: true });

    // Money gone from the app's wallet that the ledger knows nothing of: reported, and shown to admins.
    emu.appWallet.amount -= 150;
    const check = await dotsCore(server).paymentsReconciliation.run();
    expect(check).toMatchObject({ provider: 2850, ledger: 3000, difference: -150, ok: false });
    const view = await admin.client.get(WALLET_ROUTES.adminStuckPayments);
    expect(view.status).toBe(200);
    expect(view.body.float).toMatchObject({ provider: 2850, ledger: 3000, inFlight: 0, difference: -150, ok: false });
    emu.setPayouts('complete');
    emu.set({ appBalance: 'dollars' });
  });
});
