import { expireCheckout, failCheckout, payCheckout, reverseCheckout, settlePayment } from './checkouts.ts';
import type { DotsEmulator, DotsEmulatorOptions } from './options.ts';
import { answerPayout } from './payouts.ts';
import { createServer } from './server.ts';
import { createState } from './state.ts';
import { post, sendSigned, sendWebhook } from './webhooks.ts';

export type { DotsEmulator, DotsEmulatorOptions } from './options.ts';
export { DEFAULT_SWITCHES, WRONG_CODE_TEXT } from './switches.ts';
export type { DotsSwitches, PayoutBehaviour, VerifyRefusalBody } from './switches.ts';
export type {
  DotsRequestLogEntry,
  EmulatedCheckout,
  EmulatedDotsUser,
  EmulatedIntent,
  EmulatedPayout,
  EmulatedTransfer,
  WebhookDelivery,
} from './types.ts';
export { svixSignForEmulator } from './webhooks.ts';

/**
 * A local emulator of the Dots API calls the product makes, written from what Dots publishes
 * (published-api.ts names each call and its shapes), for tests only; DOTS_URL never defaults
 * to it. A request that does not fit the published request shape answers 400 (so an invented
 * field fails the product's tests), and every exchange is logged for the conformance test.
 *
 *   POST /api/v2/users, GET /api/v2/users/{id}       Create / Retrieve a User (wallet in cents)  users.ts
 *   POST /api/v2/users/{id}/send-verification-token   {use_voice?} -> 202                        users.ts
 *   POST /api/v2/users/{id}/verify                    {token} -> 200 | 400                       users.ts
 *   POST /api/v2/checkout-sessions, GET .../{id}      the deposit's hosted page, with its payment intent
 *   GET  /api/v2/payment-intents/{id}                 the payment behind a checkout              checkouts.ts
 *   POST /api/v2/flows                                the withdraw-money (manage-payouts) page   checkouts.ts
 *   POST /api/v2/payouts                              201 Transfer (type payout), fund: true     payouts.ts
 *   POST /api/v2/transfers, GET (list), GET .../{id}  transfers between the app and a user       transfers.ts
 *   GET  /api/v2/apps/{id}                            the app's wallet balance                   transfers.ts
 *
 * Where Dots publishes nothing, the emulator offers each plausible answer as a switch (see
 * `DotsSwitches`, switches.ts), and the tests run the product under each. The test drives the
 * payer (pay, fail, expire, reverse) and the bank (payouts complete, fail or stay pending); each
 * change is a `transfer.updated` (and for payments `payment_intent.updated`) webhook signed the
 * Svix way by its own code (webhooks.ts; the client's verifier is checked against an
 * independent signer). The server, its faults and credentials check are in server.ts.
 */
export async function startDotsEmulator(opts: DotsEmulatorOptions): Promise<DotsEmulator> {
  const st = createState(opts);
  const { users, checkouts, intents, payouts, transfers, fault, hung, switches, log } = st;
  const server = createServer(st);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  st.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url: st.url,
    switches,
    set: (s) => void Object.assign(switches, s),
    user: (id) => users.get(id),
    userByPhone: (phone) => [...users.values()].find((u) => u.phoneNumber === phone),
    smsCode: (verificationId) => users.get(verificationId)?.smsCode ?? null,
    setWallet: (userId, cents) => {
      const u = users.get(userId);
      if (!u) throw new Error(`no Dots user ${userId}`);
      u.wallet = cents;
    },
    setVerifyRefusal: (b) => {
      st.verifyRefusal = b;
    },
    checkoutByReference: (reference) => [...checkouts.values()].find((x) => x.reference === reference),
    intent: (id) => intents.get(id),
    payoutByReference: (reference) => [...payouts.values()].find((x) => x.reference === reference),
    payouts: () => [...payouts.values()],
    transfer: (id) => transfers.find((x) => x.id === id),
    transfers: () => [...transfers],
    patchTransfer: (id, patch) => st.transferPatches.set(id, patch),
    patchIntent: (id, patch) => st.intentPatches.set(id, patch),
    setWebhookUrl: (u) => {
      st.webhookUrl = u;
    },
    payCheckout: (reference) => payCheckout(st, reference),
    failCheckout: (reference) => failCheckout(st, reference),
    expireCheckout: (reference) => expireCheckout(st, reference),
    settlePayment: (reference) => settlePayment(st, reference),
    reverseCheckout: (reference) => reverseCheckout(st, reference),
    setPayouts: (b) => {
      st.payoutBehaviour = b;
    },
    async settlePayout(reference, outcome) {
      const p = [...payouts.values()].find((x) => x.reference === reference);
      if (!p || p.status !== 'pending') throw new Error(`no pending payout for ${reference}`);
      return answerPayout(st, p, outcome);
    },
    sendWebhook: (body, options) => sendWebhook(st, body, options),
    sendRaw: (raw) => sendSigned(st, raw),
    redeliver: (d) => post(st, st.webhookUrl, d.raw, d.headers),
    deliveries: st.deliveries,
    log,
    appWallet: st.appWallet,
    faults: {
      slow: (ms, path) => {
        fault.slowMs = ms;
        fault.slowPath = path;
      },
      fail: (count = 1, path) => {
        fault.fail = count;
        fault.failPath = path;
      },
      hang: (on, path) => {
        fault.hang = on;
        fault.hangPath = path;
        if (!on) {
          for (const r of hung) r.destroy();
          hung.clear();
        }
      },
      dropAnswer: (count, path) => {
        fault.drop = count;
        fault.dropPath = path;
      },
    },
    count: (path, method) => log.filter((e) => e.path === path && (!method || e.method === method)).length,
    close: async () => {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
