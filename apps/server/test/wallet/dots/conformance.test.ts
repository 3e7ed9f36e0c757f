import { describe, expect, it } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../../src/platform/clock.ts';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import { LIST_TRANSFERS_QUERY, PUBLISHED_EVENTS, publishedCall } from '../../support/dots-emulator/published-api.ts';
import type { TestServer } from '../../support/server.ts';
import { suiteSetUp } from '../../support/suite-set-up.ts';
import type { Registered } from '../../accounts/support.ts';
import {
  adminDeposit,
  eventually,
  postWithdrawal,
  sessionRow,
  verifiedUser,
  withdrawalRow,
  withdrawalsOf,
} from '../support/wallet.ts';
import { dotsCore, onboard, startDotsDeposit, startDotsServer } from './support.ts';

/**
 * Every request the product sends Dots and every answer it acts on, checked against what Dots
 * publishes (published-api.ts, written from the docs and the OpenAPI models): the path is a
 * published call, the body fits its published request (no invented field), the status is one
 * Dots publishes for it and the answer fits its published shape; every webhook the emulator
 * sends has a published body. Run over one whole life: onboarding by SMS and by voice, a wrong
 * code, a deposit, a withdrawal paid, one failed whose money is taken back, the read-backs.
 */
describe.each(DB_KINDS)('the Dots exchanges conform to the published API (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let admin: Registered;
  suiteSetUp(async () => ({ server, emu, admin } = await startDotsServer(kind, new ManualClock(new Date()))));

  it('a whole life of a player, exchange by exchange', async () => {
    const u = await verifiedUser(server);
    // A wrong code first (the published 400), then the onboarding, then a code by voice call.
    await u.client.post(WALLET_ROUTES.onboardingCreate, {
      phone: '+1 (555) 010-2030',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect((await u.client.post(WALLET_ROUTES.onboardingVerify, { code: '000000x' })).status).toBe(400);
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, { channel: 'voice' })).status).toBe(200);
    await onboard(server, emu, u);

    const { sessionId } = await startDotsDeposit(server, emu, u, 5000);
    await emu.payCheckout(sessionId);
    await eventually(async () => (await u.client.get(WALLET_ROUTES.summary)).body.balances.usd === 5000);
    await dotsCore(server).depositOutcomes.reconcile((await sessionRow(server, sessionId))!);
    // Withdrawals by a player whose money is not a fresh deposit (those wait 48 hours).
    const payee = await verifiedUser(server);
    expect((await adminDeposit(admin, payee.uid, 6000)).status).toBe(200);
    await onboard(server, emu, payee);
    // The withdraw-money page (no route shows it yet: the port's call, as the wallet would make it).
    expect(await dotsCore(server).payments.withdrawLink(payee.uid)).toMatch(/iframe=true/);
    emu.setPayouts('complete');
    expect((await postWithdrawal(server, payee.client, { amount: 2000, region: 'us' })).status).toBe(200);
    emu.set({ failedPayoutFunds: 'user' });
    emu.setPayouts('fail');
    expect((await postWithdrawal(server, payee.client, { amount: 1000, region: 'us' })).status).toBe(200);
    const ws = await withdrawalsOf(server, payee.uid);
    await eventually(async () => {
      for (const w of ws) if ((await withdrawalRow(server, w.id))?.status === 'pending') return false;
      return true;
    });
    await dotsCore(server).withdrawals.reconcileSent();
    expect((await dotsCore(server).paymentsReconciliation.run()).ok).toBe(true);

    const unpublished: string[] = [];
    for (const e of emu.log) {
      const where = `${e.method} ${e.path} -> ${e.status}`;
      const call = publishedCall(e.method, e.path);
      if (!call) {
        unpublished.push(`${where}: not a published call`);
        continue;
      }
      expect(e.authorized, where).toBe(true);
      if (call.request) {
        const r = call.request.safeParse(e.body);
        if (!r.success) unpublished.push(`${where} (${call.name}) request: ${r.error.message}`);
      }
      for (const k of Object.keys(e.query)) {
        if (call.name !== 'List all Transfers' || !LIST_TRANSFERS_QUERY.has(k))
          unpublished.push(`${where}: query ${k}`);
      }
      if (!(e.status in call.responses)) {
        unpublished.push(`${where} (${call.name}): status not published`);
        continue;
      }
      const shape = call.responses[e.status];
      if (shape) {
        const r = shape.safeParse(e.answer);
        if (!r.success) unpublished.push(`${where} (${call.name}) answer: ${r.error.message}`);
      }
    }
    expect(unpublished).toEqual([]);
    // The calls this life made, by their published names.
    const names = new Set(emu.log.map((e) => publishedCall(e.method, e.path)?.name));
    for (const name of [
      'Create a User',
      'Send a Verification Token',
      'Verify a User',
      'Create a Checkout Session',
      'Retrieve a Checkout Session',
      'Retrieve a Payment Intent',
      'Get a Transfer',
      'Create a Flow',
      'Create a Payout',
      'List all Transfers',
      'Create a Transfer',
      'Retrieve a User',
      'Retrieve an App',
    ]) {
      expect(names, name).toContain(name);
    }

    for (const d of emu.deliveries) {
      const body = JSON.parse(d.raw) as { event?: keyof typeof PUBLISHED_EVENTS };
      const shape = body.event ? PUBLISHED_EVENTS[body.event] : undefined;
      expect(shape?.safeParse(body).success, d.raw).toBe(true);
    }
  });
});
