import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import { sandboxDecisionPath } from '../../src/modules/wallet/payments/sandbox/routes.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient, testFetch } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  expectLedgerInvariants,
  gpsAt,
  pressPay,
  sessionRow,
  startDeposit,
  usd,
  verifiedUser,
  postWithdrawal,
} from './support/wallet.ts';

/**
 * Issue 10 defect 2: the sandbox's Pay press is bound to the session of the user who opened the
 * checkout and CSRF-checked; PAYMENTS=off has no sandbox at all and refuses USD movements.
 */
describe.each(DB_KINDS)('payments mode (%s)', (kind) => {
  describe('sandbox', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ http: 'inject', kind });
    });
    afterAll(() => server?.stop());

    it('an anonymous Pay is refused and credits nothing', async () => {
      const owner = await verifiedUser(server);
      const { checkoutId, sessionId } = await startDeposit(server, owner, 5000);
      const stranger = new TestClient(server.baseUrl);
      const res = await stranger.post(sandboxDecisionPath(checkoutId, 'pay'), {});
      expect(res.status).toBe(401);
      // Without the page's CSRF echo, even a cookie-less POST is stopped at the edge.
      const bare = await testFetch(server.baseUrl + sandboxDecisionPath(checkoutId, 'pay'), { method: 'POST' });
      expect(bare.status).toBe(403);
      // The old anonymous provider endpoint is gone.
      expect((await stranger.post(`/sandbox-pay/checkout/${checkoutId}/pay`, {})).status).toBe(404);
      expect(await usd(server, owner.uid)).toBe(0n);
      expect((await sessionRow(server, sessionId))!.status).toBe('open');
    });

    it("another signed-in user cannot pay (or cancel) someone else's checkout", async () => {
      const owner = await verifiedUser(server);
      const other = await verifiedUser(server);
      const { checkoutId, sessionId } = await startDeposit(server, owner, 5000);
      for (const action of ['pay', 'cancel'] as const) {
        const res = await other.client.post(sandboxDecisionPath(checkoutId, action), {});
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
      expect(await usd(server, owner.uid)).toBe(0n);
      expect(await usd(server, other.uid)).toBe(0n);
      expect((await sessionRow(server, sessionId))!.status).toBe('open');
      // The owner's own press still works.
      expect((await pressPay(owner.client, checkoutId)).status).toBe(200);
      expect(await usd(server, owner.uid)).toBe(5000n);
      await expectLedgerInvariants(server.ctx.db);
    });

    it('a Pay without the CSRF header is refused, even with the owner session', async () => {
      const owner = await verifiedUser(server);
      const { checkoutId } = await startDeposit(server, owner, 2000);
      const res = await owner.client.request('POST', sandboxDecisionPath(checkoutId, 'pay'), {}, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CSRF');
      expect(await usd(server, owner.uid)).toBe(0n);
    });

    it('the app config tells the web the mode, so USD amounts carry the Sandbox mark', async () => {
      const res = await new TestClient(server.baseUrl).get('/api/app/config');
      expect(res.body.payments).toBe('sandbox');
    });
  });

  describe('off', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ http: 'inject', kind, env: { PAYMENTS: 'off' } });
    });
    afterAll(() => server?.stop());

    it('deposits and withdrawals are refused with a clear text; no sandbox page exists', async () => {
      const u = await verifiedUser(server);
      const deposit = await u.client.post(WALLET_ROUTES.deposits, {
        amount: 2000,
        region: 'us',
        deviceGps: gpsAt(server),
      });
      expect(deposit.status).toBe(503);
      expect(deposit.body.error).toEqual({ code: 'UNAVAILABLE', message: TEXTS.paymentsOff });
      const withdraw = await postWithdrawal(server, u.client, { amount: 100, region: 'us' });
      expect(withdraw.status).toBe(503);
      expect(withdraw.body.error.message).toBe(TEXTS.paymentsOff);
      // No provider route: the path falls to the web app's fallback (or 404 without a build).
      const script = await u.client.get('/sandbox-pay/assets/checkout.js');
      expect(script.headers.get('content-type') ?? '').not.toMatch(/javascript/);
      expect(String(script.body)).not.toContain('sandbox-pay');
      expect((await u.client.post(sandboxDecisionPath(crypto.randomUUID(), 'pay'), {})).status).toBe(404);
      expect((await new TestClient(server.baseUrl).get('/api/app/config')).body.payments).toBe('off');
      await expectLedgerInvariants(server.ctx.db);
    });
  });
});
