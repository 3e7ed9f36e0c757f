import { TEXTS } from '@rush/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ADMIN_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../../src/platform/clock.ts';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { InsufficientFundsError, readBalance } from '../../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements, paymentSessions } from '../../../src/modules/wallet/schema.ts';
import { DOTS_WEBHOOK_PATH } from '../../../src/modules/wallet/payments/webhook.routes.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { pgliteIt, POSTGRES_TOO } from '../../support/database.ts';
import type { DotsEmulator, WebhookDelivery } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import { adminDeposit, expectLedgerInvariants, gpsAt, sessionRow, usd, verifiedUser } from '../support/wallet.ts';
import { dotsCore, onboard, startDotsDeposit, startDotsServer } from './support.ts';

describe.each(POSTGRES_TOO)('deposits through Dots checkout sessions (%s)', (kind) => {
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

  const onboarded = async (): Promise<Registered> => {
    const u = await verifiedUser(server);
    await onboard(server, emu, u);
    return u;
  };
  const movements = async (key: string) =>
    (
      await server.ctx.db.select({ n: count() }).from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, key))
    )[0]!.n;
  const credits = (sessionId: string) => movements(`deposit:${sessionId}`);
  const debtOf = (uid: string) => readBalance(server.ctx.db, accountOf.debt(uid).id);
  /**
   * The sweep's turn: open checkouts older than a minute are read back at Dots. The clock goes a
   * minute ahead for it and back to the real time after, since Dots signs webhooks with the real time.
   */
  const sweep = async () => {
    clock.set(new Date(Date.now() + 61_000));
    try {
      await dotsCore(server).depositOutcomes.sweep();
    } finally {
      clock.set(new Date());
    }
  };
  /** Runs an emulator action whose webhooks never reach us (our endpoint unreachable). */
  const lost = async (action: () => Promise<WebhookDelivery[]>) => {
    emu.setWebhookUrl('http://127.0.0.1:9/');
    try {
      const ds = await action();
      for (const d of ds) expect(d.status).toBe(-1);
      return ds;
    } finally {
      emu.setWebhookUrl(server.baseUrl + DOTS_WEBHOOK_PATH);
    }
  };

  pgIt(
    'a $50 deposit through the published checkout session: credited once when the money reached the app',
    async () => {
      const u = await verifiedUser(server);
      const dotsUserId = await onboard(server, emu, u);
      const { sessionId, url } = await startDotsDeposit(server, emu, u, 5000);
      const checkout = emu.checkoutByReference(sessionId)!;
      expect(url.pathname).toBe(`/checkout/${checkout.id}`);
      // The published body: one line item of the amount, mode payment, the user, our reference.
      expect(emu.log.filter((e) => e.path === DOTS_PATHS.checkoutSessions).at(-1)!.body).toEqual({
        line_items: [
          { price_data: { currency: 'usd', amount: 5000, product_data: { name: 'Wallet deposit' } }, quantity: 1 },
        ],
        mode: 'payment',
        user_id: dotsUserId,
        client_reference_id: sessionId,
        success_url: `${server.config.appUrl}/wallet`,
        cancel_url: `${server.config.appUrl}/wallet`,
        expires_in: 1800,
        metadata: { reference: sessionId },
      });
      const row = (await sessionRow(server, sessionId))!;
      expect(row).toMatchObject({ providerRef: checkout.id, providerPayment: checkout.intentId, status: 'open' });
      expect(emu.count('/api/users/wallet/refill')).toBe(0);

      const app = emu.appWallet.amount;
      const delivered = await emu.payCheckout(sessionId);
      expect(delivered.map((d) => d.status)).toEqual([200, 200]);
      expect(emu.appWallet.amount).toBe(app + 5000);
      expect(await usd(server, u.uid)).toBe(5000n);
      expect((await sessionRow(server, sessionId))!.status).toBe('completed');
      expect(await credits(sessionId)).toBe(1);

      // Replays (Svix retries, an attacker who captured them), the same events under new ids, the sweep: nothing more.
      for (const d of delivered) expect((await emu.redeliver(d)).status).toBe(200);
      for (const d of delivered) expect((await emu.sendWebhook(JSON.parse(d.raw))).status).toBe(200);
      await sweep();
      expect(await usd(server, u.uid)).toBe(5000n);
      expect(await credits(sessionId)).toBe(1);
      const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
      expect(summary.balances.usd).toBe(5000);
      const history = (await u.client.get(WALLET_ROUTES.transactions)).body;
      expect(history.transactions.filter((t: { type: string }) => t.type === 'deposit')).toEqual([
        expect.objectContaining({ type: 'deposit', amount: 5000, status: 'completed' }),
      ]);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  pgIt('an ACH payment: pending while its transfer is pending, credited when it completes', async () => {
    emu.set({ paymentTransfer: 'pending' });
    try {
      const u = await onboarded();
      const { sessionId } = await startDotsDeposit(server, emu, u, 2000);
      await emu.payCheckout(sessionId);
      await sweep();
      expect(await usd(server, u.uid)).toBe(0n);
      expect((await sessionRow(server, sessionId))!.status).toBe('open');
      expect((await u.client.get(WALLET_ROUTES.summary)).body.deposits).toEqual([
        expect.objectContaining({ id: sessionId, status: 'pending' }),
      ]);
      await emu.settlePayment(sessionId);
      expect(await usd(server, u.uid)).toBe(2000n);
      expect(await credits(sessionId)).toBe(1);
    } finally {
      emu.set({ paymentTransfer: 'completed' });
    }
  });

  pgIt('a failed payment and an expired checkout end as such; nothing is credited', async () => {
    const u = await onboarded();
    const failed = await startDotsDeposit(server, emu, u, 2000);
    await emu.failCheckout(failed.sessionId);
    expect((await sessionRow(server, failed.sessionId))!.status).toBe('failed');
    const expired = await startDotsDeposit(server, emu, u, 3000);
    emu.expireCheckout(expired.sessionId);
    await sweep();
    expect((await sessionRow(server, expired.sessionId))!.status).toBe('expired');
    expect(await usd(server, u.uid)).toBe(0n);
    // Neither reserves the monthly cap any more; the wallet lists both as they ended.
    const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(summary.depositRoom).toBe(300_000);
    expect(summary.deposits).toEqual([
      expect.objectContaining({ id: expired.sessionId, amount: 3000, status: 'expired' }),
      expect.objectContaining({ id: failed.sessionId, amount: 2000, status: 'failed' }),
    ]);
  });

  for (const reversal of ['failed', 'reversed'] as const) {
    pgIt(`a deposit reversed after its credit (transfer ${reversal}) is taken back once`, async () => {
      emu.set({ reversal });
      try {
        const u = await onboarded();
        const { sessionId } = await startDotsDeposit(server, emu, u, 5000);
        await emu.payCheckout(sessionId);
        expect(await usd(server, u.uid)).toBe(5000n);
        const back = await emu.reverseCheckout(sessionId);
        expect(back.map((d) => d.status)).toEqual([200]);
        expect(await usd(server, u.uid)).toBe(0n);
        expect((await sessionRow(server, sessionId))!.status).toBe('reversed');
        for (let i = 0; i < 3; i++) expect((await emu.redeliver(back[0]!)).status).toBe(200);
        await sweep();
        expect(await movements(`deposit:reverse:${sessionId}`)).toBe(1);
        expect(await usd(server, u.uid)).toBe(0n);
        expect(await debtOf(u.uid)).toBe(0n);
        // The wallet and the history show it: the deposit row turns rejected, the list says reversed.
        const history = (await u.client.get(WALLET_ROUTES.transactions)).body;
        expect(history.transactions).toEqual([
          expect.objectContaining({ type: 'deposit', amount: 5000, status: 'rejected', completed: false }),
        ]);
        expect((await u.client.get(WALLET_ROUTES.summary)).body.deposits).toEqual([
          expect.objectContaining({ id: sessionId, status: 'reversed' }),
        ]);
        await expectLedgerInvariants(server.ctx.db);
      } finally {
        emu.set({ reversal: 'failed' });
      }
    });
  }

  pgIt('a reversal after the money was spent leaves a debt that the next deposit pays first', async () => {
    const u = await onboarded();
    const { sessionId } = await startDotsDeposit(server, emu, u, 5000);
    await emu.payCheckout(sessionId);
    // $30 of it gone (an admin withdrawal stands in for a game lost or a payout made).
    const taken = await admin.client.request(
      'POST',
      WALLET_ROUTES.adminWithdraw(u.uid),
      { amount: 3000 },
      {
        headers: { 'idempotency-key': crypto.randomUUID() },
      },
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await emu.reverseCheckout(sessionId);
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await debtOf(u.uid)).toBe(-3000n);
    const owing = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(owing.debt).toBe(3000);
    expect(owing.withdrawDisabledReason).toBe(TEXTS.depositDebt('30.00'));
    const refused = await u.client.post(WALLET_ROUTES.withdrawals, {
      amount: 100,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'WITHDRAW_DISABLED', message: TEXTS.depositDebt('30.00') });
    // Admins see it in the balances list.
    const balances = (await admin.client.get(ADMIN_ROUTES.balances)).body as { users: { uid: string; owed: number }[] };
    expect(balances.users.find((r) => r.uid === u.uid)?.owed).toBe(3000);

    // Money from elsewhere (an admin's deposit) does not make real-money play possible while owing.
    expect((await adminDeposit(admin, u.uid, 5000)).status).toBe(200);
    const core = dotsCore(server);
    const stake = await core.escrow
      .hold({ ref: `game:${crypto.randomUUID()}`, uid: u.uid, currency: 'usd', amount: 100n })
      .catch((e: unknown) => e);
    expect(stake).toBeInstanceOf(InsufficientFundsError);
    expect((stake as InsufficientFundsError).accountId).toBe(accountOf.debt(u.uid).id);
    expect(await core.facts.hasUsdDeposit(u.uid)).toBe(false);

    const next = await startDotsDeposit(server, emu, u, 4000);
    await emu.payCheckout(next.sessionId);
    expect(await debtOf(u.uid)).toBe(0n);
    expect(await usd(server, u.uid)).toBe(6000n);
    expect(await core.facts.hasUsdDeposit(u.uid)).toBe(true);
    await expectLedgerInvariants(server.ctx.db);
  });

  pgIt(
    'forged, tampered, stale or unsigned webhooks are refused with 403; a lost one is made good by the sweep',
    async () => {
      const u = await onboarded();
      const { sessionId } = await startDotsDeposit(server, emu, u, 4000);
      const [intentEvent] = await lost(() => emu.payCheckout(sessionId));
      const body = JSON.parse(intentEvent!.raw) as unknown;
      const forged = await emu.sendWebhook(body, {
        secret: `whsec_${Buffer.from('an attacker guessing a secret!!!').toString('base64')}`,
      });
      const stale = await emu.sendWebhook(body, { at: new Date(Date.now() - 10 * 60_000) });
      const unsigned = await fetch(server.baseUrl + DOTS_WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: intentEvent!.raw,
      });
      const tampered = await emu.redeliver({ ...intentEvent!, raw: intentEvent!.raw.replace('updated', 'updated ') });
      for (const r of [forged.status, stale.status, unsigned.status, tampered.status]) expect(r).toBe(403);
      expect(await credits(sessionId)).toBe(0);
      // No webhook ever arrived: the sweep reads the checkout back and credits it, once.
      await sweep();
      expect(await usd(server, u.uid)).toBe(4000n);
      await sweep();
      expect(await credits(sessionId)).toBe(1);
    },
  );

  pgIt(
    'webhooks we do not use, without an event, not JSON or with an odd amount are acknowledged and change nothing',
    async () => {
      const u = await onboarded();
      const { sessionId } = await startDotsDeposit(server, emu, u, 1000);
      const [intentEvent] = await lost(() => emu.payCheckout(sessionId));
      for (const body of [
        { event: 'flow.updated', flow_id: 'f1' },
        { event: 'app.updated' },
        { nothing: true },
        'not an object',
        { event: 'transfer.updated', transfer_id: 'no-such-transfer' },
      ]) {
        expect((await emu.sendWebhook(body)).status, JSON.stringify(body)).toBe(200);
      }
      expect((await emu.sendRaw('{not json')).status).toBe(200);
      // An amount that is not whole cents is never rounded into the ledger, and Dots is not made to retry for it.
      const intentId = emu.checkoutByReference(sessionId)!.intentId;
      emu.patchIntent(intentId, { amount: 1000.5 });
      expect((await emu.redeliver(intentEvent!)).status).toBe(200);
      // Nor is a different whole amount (not ours to guess which side is right).
      emu.patchIntent(intentId, { amount: 999 });
      expect((await emu.redeliver(intentEvent!)).status).toBe(200);
      expect(await credits(sessionId)).toBe(0);
      emu.patchIntent(intentId, {});
      expect((await emu.redeliver(intentEvent!)).status).toBe(200);
      expect(await usd(server, u.uid)).toBe(1000n);
    },
  );

  pgIt('Dots down when its webhook arrives: 503, and the redelivery credits once', async () => {
    const u = await onboarded();
    const { sessionId } = await startDotsDeposit(server, emu, u, 5000);
    const [intentEvent] = await lost(() => emu.payCheckout(sessionId));
    // The session read is a GET, tried three times: all fail.
    emu.faults.fail(3, DOTS_PATHS.checkoutSession(emu.checkoutByReference(sessionId)!.id));
    expect((await emu.redeliver(intentEvent!)).status).toBe(503);
    expect(await credits(sessionId)).toBe(0);
    expect((await emu.redeliver(intentEvent!)).status).toBe(200);
    expect(await credits(sessionId)).toBe(1);
  });

  pgIt('a hanging provider: the checkout is not retried (no published key), cancelled, no money moves', async () => {
    const u = await onboarded();
    const quick = dotsCore(server, { timeoutMs: 200, retries: 1, backoffMs: () => 5 });
    emu.faults.hang(true, DOTS_PATHS.checkoutSessions);
    const before = emu.count(DOTS_PATHS.checkoutSessions);
    try {
      const err = await quick.deposits
        .start(u.uid, { amount: 2000, region: 'us', deviceGps: gpsAt(server) }, null)
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'UNAVAILABLE', message: 'Unable to process' });
    } finally {
      emu.faults.hang(false);
    }
    expect(emu.count(DOTS_PATHS.checkoutSessions) - before).toBe(1);
    const mine = await server.ctx.db.select().from(paymentSessions).where(eq(paymentSessions.uid, u.uid));
    expect(mine.map((r) => r.status)).toEqual(['cancelled']);
    const again = await startDotsDeposit(server, emu, u, 2000);
    await emu.payCheckout(again.sessionId);
    expect(await usd(server, u.uid)).toBe(2000n);
  });

  pgIt('a user without a verified Dots wallet cannot start a checkout', async () => {
    const u = await verifiedUser(server);
    const before = emu.log.length;
    const res = await u.client.post(WALLET_ROUTES.deposits, { amount: 2000, region: 'us', deviceGps: gpsAt(server) });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(TEXTS.walletNotVerified);
    expect(emu.log.length).toBe(before);
  });

  it('one payment: its webhooks delivered 8 times at once, with the sweep and a reversal racing: credited once, taken back once', async () => {
    const u = await onboarded();
    const { sessionId } = await startDotsDeposit(server, emu, u, 5000);
    const events = await lost(() => emu.payCheckout(sessionId));
    const core = dotsCore(server);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => emu.redeliver(events[i % 2]!)),
      core.depositOutcomes.reconcile((await sessionRow(server, sessionId))!).then(() => null),
    ]);
    for (const a of answers) if (a) expect(a.status).toBe(200);
    expect(await credits(sessionId)).toBe(1);
    expect(await usd(server, u.uid)).toBe(5000n);
    const [back] = await lost(() => emu.reverseCheckout(sessionId));
    await Promise.all(Array.from({ length: 6 }, () => emu.redeliver(back!)));
    expect(await movements(`deposit:reverse:${sessionId}`)).toBe(1);
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await debtOf(u.uid)).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
