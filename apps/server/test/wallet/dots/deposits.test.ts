import { TEXTS } from '@rush/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { WALLET_ROUTES } from '@rush/protocol';
import { ledgerMovements, paymentSessions } from '../../../src/modules/wallet/schema.ts';
import { DOTS_WEBHOOK_PATH } from '../../../src/modules/wallet/payments/webhook.routes.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { DB_KINDS } from '../../support/database.ts';
import type { DotsEmulator, WebhookDelivery } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import { expectLedgerInvariants, gpsAt, sessionRow, usd, verifiedUser } from '../support/wallet.ts';
import { dotsCore, onboard, startDotsDeposit, startDotsServer } from './support.ts';

describe.each(DB_KINDS)('deposits through Dots (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, emu, stop } = await startDotsServer(kind));
  });
  afterAll(() => stop?.());

  const onboarded = async (): Promise<Registered> => {
    const u = await verifiedUser(server);
    await onboard(server, emu, u);
    return u;
  };
  const credits = async (sessionId: string) =>
    (
      await server.ctx.db
        .select({ n: count() })
        .from(ledgerMovements)
        .where(eq(ledgerMovements.idempotencyKey, `deposit:${sessionId}`))
    )[0]!.n;

  /** Runs an emulator action whose webhook never reaches us (our endpoint unreachable), for the test to deliver. */
  const lostDelivery = async (action: () => Promise<WebhookDelivery>) => {
    emu.setWebhookUrl('http://127.0.0.1:9/');
    try {
      const d = await action();
      expect(d.status).toBe(-1);
      return d;
    } finally {
      emu.setWebhookUrl(server.baseUrl + DOTS_WEBHOOK_PATH);
    }
  };
  const transferOf = (d: WebhookDelivery) => (JSON.parse(d.raw) as { transfer_id: string }).transfer_id;

  it('end to end: add-money link in the iframe, the payer pays, the signed webhook credits once', async () => {
    const u = await onboarded();
    const { sessionId } = await startDotsDeposit(server, emu, u, 2500);
    const checkout = emu.checkoutByReference(sessionId)!;
    expect(checkout).toMatchObject({ amount: 2500, status: 'open' });
    expect((await sessionRow(server, sessionId))!.providerRef).toBe(checkout.link);
    expect(await usd(server, u.uid)).toBe(0n);

    const delivery = await emu.completeCheckout(sessionId);
    expect(delivery.status).toBe(200);
    expect(await usd(server, u.uid)).toBe(2500n);
    expect((await sessionRow(server, sessionId))!.status).toBe('completed');
    expect(await credits(sessionId)).toBe(1);

    // The same delivery replayed (Svix retries, or an attacker who captured it) credits nothing.
    for (let i = 0; i < 3; i++) expect((await emu.redeliver(delivery)).status).toBe(200);
    // So does the same event under a new message id.
    expect((await emu.sendWebhook({ event: 'transfer.updated', transfer_id: transferOf(delivery) })).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(2500n);
    expect(await credits(sessionId)).toBe(1);
    const summary = (await u.client.get(WALLET_ROUTES.summary)).body;
    expect(summary.balances.usd).toBe(2500);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('forged, tampered, stale or unsigned webhooks are refused with 403 and change nothing', async () => {
    const u = await onboarded();
    const { sessionId } = await startDotsDeposit(server, emu, u, 4000);
    // The payment happens at Dots, but its real delivery is lost (our endpoint was unreachable).
    const lost = await lostDelivery(() => emu.completeCheckout(sessionId));
    const body = JSON.parse(lost.raw) as unknown;

    const forged = await emu.sendWebhook(body, {
      secret: `whsec_${Buffer.from('an attacker guessing a secret!!!').toString('base64')}`,
    });
    const stale = await emu.sendWebhook(body, { at: new Date(Date.now() - 10 * 60_000) });
    const unsigned = await fetch(server.baseUrl + DOTS_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: lost.raw,
    });
    for (const r of [forged.status, stale.status, unsigned.status]) expect(r).toBe(403);
    expect(await usd(server, u.uid)).toBe(0n);
    expect(await credits(sessionId)).toBe(0);
    expect((await sessionRow(server, sessionId))!.status).toBe('open');

    // Signed by Dots now: credited; the same bytes with one character changed are refused.
    const good = await emu.sendWebhook(body);
    expect(good.status).toBe(200);
    const tampered = await emu.redeliver({ ...good, raw: good.raw.replace('transfer.updated', 'transfer.updated ') });
    expect(tampered.status).toBe(403);
    expect(await usd(server, u.uid)).toBe(4000n);
    expect(await credits(sessionId)).toBe(1);
  });

  it('a failed payment cancels the deposit; bad events are 4xx; a provider that cannot answer gets 503 and is retried', async () => {
    const u = await onboarded();
    const failed = await startDotsDeposit(server, emu, u, 2000);
    expect((await emu.completeCheckout(failed.sessionId, 'failed')).status).toBe(200);
    expect((await sessionRow(server, failed.sessionId))!.status).toBe('cancelled');
    expect(await usd(server, u.uid)).toBe(0n);

    expect((await emu.sendWebhook({ event: 'transfer.updated', transfer_id: 'no-such-transfer' })).status).toBe(400);
    expect((await emu.sendWebhook({ nothing: true })).status).toBe(400);
    expect((await emu.sendWebhook('not an object')).status).toBe(400);
    // Events we do not follow are acknowledged (so Svix stops sending them) and do nothing.
    expect((await emu.sendWebhook({ event: 'flow.updated', flow_id: 'f1' })).status).toBe(200);

    // Dots is down when its webhook arrives: 503, nothing credited; its redelivery credits once.
    const paid = await startDotsDeposit(server, emu, u, 5000);
    const first = await lostDelivery(() => emu.completeCheckout(paid.sessionId));
    // The client reads the transfer with up to 3 attempts (a GET): all three fail.
    emu.faults.fail(3, DOTS_PATHS.transfer(transferOf(first)));
    expect((await emu.redeliver(first)).status).toBe(503);
    expect(await usd(server, u.uid)).toBe(0n);
    expect((await emu.redeliver(first)).status).toBe(200);
    expect(await usd(server, u.uid)).toBe(5000n);
    expect(await credits(paid.sessionId)).toBe(1);

    // A transfer whose amount is not whole cents is never rounded into the ledger.
    const odd = await startDotsDeposit(server, emu, u, 1000);
    const oddDelivery = await lostDelivery(() => emu.completeCheckout(odd.sessionId));
    const oddTransfer = transferOf(oddDelivery);
    emu.patchTransfer(oddTransfer, { amount: 1000.5 });
    expect((await emu.redeliver(oddDelivery)).status).toBe(503);
    // A different whole amount is not ours to guess either: refused, nothing credited.
    emu.patchTransfer(oddTransfer, { amount: 999 });
    expect((await emu.redeliver(oddDelivery)).status).toBe(400);
    expect(await credits(odd.sessionId)).toBe(0);
    expect(await usd(server, u.uid)).toBe(5000n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a hanging provider: the checkout times out, is cancelled, and no money moves', async () => {
    const u = await onboarded();
    const quick = dotsCore(server, { timeoutMs: 200, retries: 1, backoffMs: () => 5 });
    emu.faults.hang(true, DOTS_PATHS.addMoneyLink);
    const before = emu.count(DOTS_PATHS.addMoneyLink);
    try {
      const err = await quick.deposits
        .start(u.uid, { amount: 2000, region: 'us', deviceGps: gpsAt(server) }, null)
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'UNAVAILABLE', message: 'Unable to process' });
    } finally {
      emu.faults.hang(false);
    }
    // The add-money call carries an idempotency key, so it was tried twice (and made nothing).
    expect(emu.count(DOTS_PATHS.addMoneyLink) - before).toBe(2);
    const mine = await server.ctx.db.select().from(paymentSessions).where(eq(paymentSessions.uid, u.uid));
    expect(mine.map((r) => r.status)).toEqual(['cancelled']);
    expect(await usd(server, u.uid)).toBe(0n);
    // The user simply tries again once Dots answers.
    const again = await startDotsDeposit(server, emu, u, 2000);
    await emu.completeCheckout(again.sessionId);
    expect(await usd(server, u.uid)).toBe(2000n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a user without a verified Dots wallet cannot start a checkout (nothing reserved, nothing asked of Dots)', async () => {
    const u = await verifiedUser(server);
    const before = emu.log.length;
    const res = await u.client.post(WALLET_ROUTES.deposits, { amount: 2000, region: 'us', deviceGps: gpsAt(server) });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(TEXTS.walletNotVerified);
    expect(emu.log.length).toBe(before);
    expect((await u.client.get(WALLET_ROUTES.summary)).body.depositRoom).toBe(300_000);
  });
});
