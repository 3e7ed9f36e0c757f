import crypto from 'node:crypto';
import http from 'node:http';
import { readBody } from '../read-body.ts';
import { LIST_TRANSFERS_QUERY, publishedCall } from './published-api.ts';

/**
 * A local emulator of the Dots API calls the product makes, written from what Dots publishes
 * (published-api.ts names each call and its shapes), for tests only; DOTS_URL never defaults
 * to it. A request that does not fit the published request shape answers 400 (so an invented
 * field fails the product's tests), and every exchange is logged for the conformance test.
 *
 *   POST /api/v2/users, GET /api/v2/users/{id}       Create / Retrieve a User (wallet in cents)
 *   POST /api/v2/users/{id}/send-verification-token   {use_voice?} -> 202
 *   POST /api/v2/users/{id}/verify                    {token} -> 200 | 400
 *   POST /api/v2/checkout-sessions, GET .../{id}      the deposit's hosted page, with its payment intent
 *   GET  /api/v2/payment-intents/{id}                 the payment behind a checkout
 *   POST /api/v2/flows                                the withdraw-money (manage-payouts) page
 *   POST /api/v2/payouts                              201 Transfer (type payout), fund: true
 *   POST /api/v2/transfers, GET (list), GET .../{id}  transfers between the app and a user
 *
 * Where Dots publishes nothing, the emulator offers each plausible answer as a switch (see
 * `DotsSwitches`), and the tests run the product under each. The test drives the payer
 * (pay, fail, expire, reverse) and the bank (payouts complete, fail or stay pending); each
 * change is a `transfer.updated` (and for payments `payment_intent.updated`) webhook signed the
 * Svix way by its own code (the client's verifier is checked against an independent signer).
 */

export interface DotsEmulatorOptions {
  /** Our Dots app (Retrieve an App). */
  appId?: string;
  clientId: string;
  apiKey: string;
  /** The Svix secret, `whsec_<base64>`. */
  webhookSecret: string;
  /** Where webhooks go (settable later with setWebhookUrl). */
  webhookUrl?: string;
}

/** The body of a refused verify: Dots publishes the 400 but not its body, so each plausible one. */
export type VerifyRefusalBody = 'message' | 'error' | 'detail' | 'empty';
export const WRONG_CODE_TEXT = 'The verification code you entered is incorrect.';

/**
 * What Dots does not publish, as switches:
 * - `reusedKey`: the answer to a payout or transfer whose idempotency key was used before ("will
 *   be rejected", no status given): 409, 400 or 422 with a message, or 201/200 with the first one.
 * - `failedPayoutFunds`: where `fund: true` returns the money of a failed payout ("The funds are
 *   returned"): to the app's wallet, or left in the user's Dots wallet.
 * - `payoutMetadata`: whether the payout's transfer carries the metadata we sent.
 * - `reversal`: the status a payment's transfer takes when the payer's bank returns it.
 * - `paymentTransfer`: whether a payment's transfer completes at once (card) or stays pending (ACH).
 * - `appBalance`: how the app's `metrics.wallet_balance` string writes its amount (cents, or dollars with cents).
 */
export interface DotsSwitches {
  reusedKey: 'conflict-409' | 'bad-request-400' | 'unprocessable-422' | 'original';
  failedPayoutFunds: 'app' | 'user';
  payoutMetadata: 'kept' | 'dropped';
  reversal: 'failed' | 'reversed';
  paymentTransfer: 'completed' | 'pending';
  appBalance: 'cents' | 'dollars';
}
export const DEFAULT_SWITCHES: DotsSwitches = {
  reusedKey: 'conflict-409',
  failedPayoutFunds: 'app',
  payoutMetadata: 'kept',
  reversal: 'failed',
  paymentTransfer: 'completed',
  appBalance: 'dollars',
};

export interface EmulatedDotsUser {
  id: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  username: string | null;
  verified: boolean;
  /** The last code sent (null before any). */
  smsCode: string | null;
  smsCount: number;
  /** How each code went out: `sms`, or `voice` for a call. */
  codeChannels: ('sms' | 'voice')[];
  /** The user's Dots wallet, in cents. */
  wallet: number;
}

export interface EmulatedTransfer {
  id: string;
  created: string;
  user_id: string;
  type?: 'refill' | 'payout' | 'balance';
  status: 'created' | 'pending' | 'failed' | 'completed' | 'flagged' | 'reversed' | 'canceled';
  amount: number;
  metadata?: Record<string, unknown>;
}

export interface EmulatedCheckout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  intentId: string;
  body: Record<string, unknown>;
  created: string;
}

export interface EmulatedIntent {
  id: string;
  amount: number;
  userId: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | 'failed';
  transferId?: string;
}

export interface EmulatedPayout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  idempotencyKey: string;
  status: 'pending' | 'completed' | 'failed';
}

export interface WebhookDelivery {
  raw: string;
  headers: Record<string, string>;
  status: number;
}

export interface DotsRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** 0 until answered (a hung request stays 0). */
  status: number;
  body: unknown;
  /** The answer's body (undefined when it had none). */
  answer?: unknown;
  authorized: boolean;
}

export type PayoutBehaviour = 'complete' | 'fail' | 'pending';

export interface DotsEmulator {
  readonly url: string;
  readonly switches: DotsSwitches;
  set(switches: Partial<DotsSwitches>): void;
  user(id: string): EmulatedDotsUser | undefined;
  userByPhone(phone: string): EmulatedDotsUser | undefined;
  /** The code last sent to this user (the test reads the phone). */
  smsCode(verificationId: string): string | null;
  setWallet(userId: string, cents: number): void;
  setVerifyRefusal(body: VerifyRefusalBody): void;
  checkoutByReference(reference: string): EmulatedCheckout | undefined;
  intent(id: string): EmulatedIntent | undefined;
  payoutByReference(reference: string): EmulatedPayout | undefined;
  payouts(): EmulatedPayout[];
  transfer(id: string): EmulatedTransfer | undefined;
  transfers(): EmulatedTransfer[];
  /** Overrides what GET answers for this transfer (a provider answering an odd amount). */
  patchTransfer(id: string, patch: Partial<EmulatedTransfer> | Record<string, unknown>): void;
  /** Overrides what GET answers for this payment intent. */
  patchIntent(id: string, patch: Record<string, unknown>): void;
  setWebhookUrl(url: string): void;
  /** The payer pays the checkout page: the intent succeeds and its transfer into the app is made (webhooks follow). */
  payCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** The payer's payment fails (card declined): the intent fails. */
  failCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** The checkout's time runs out unpaid (Dots publishes no webhook for it). */
  expireCheckout(reference: string): void;
  /** A pending payment transfer (ACH) completes. */
  settlePayment(reference: string): Promise<WebhookDelivery[]>;
  /** The payer's bank returns a paid deposit: the transfer fails (or reverses) and the app's wallet gives it back. */
  reverseCheckout(reference: string): Promise<WebhookDelivery[]>;
  /** What new payouts do: complete or fail (each with its webhook) or stay pending. */
  setPayouts(behaviour: PayoutBehaviour): void;
  /** Answers a pending payout now. */
  settlePayout(reference: string, outcome: 'completed' | 'failed'): Promise<WebhookDelivery>;
  /** Sends a webhook signed with `secret` (default the real one) at `at` (default now). */
  sendWebhook(body: unknown, options?: { secret?: string; at?: Date; id?: string }): Promise<WebhookDelivery>;
  /** Posts raw bytes signed as given (a body that is not JSON). */
  sendRaw(raw: string): Promise<WebhookDelivery>;
  /** Re-posts a delivery exactly as it was (a replay). */
  redeliver(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  readonly deliveries: WebhookDelivery[];
  readonly log: DotsRequestLogEntry[];
  readonly appWallet: { amount: number };
  readonly faults: {
    /** Every answer waits this long first (0: off). */
    slow(ms: number, path?: string): void;
    /** The next `count` requests (to `path` only, when given) answer 500. */
    fail(count?: number, path?: string): void;
    /** Requests (to `path` only, when given) never answer while on. */
    hang(on: boolean, path?: string): void;
    /** The next `count` requests to `path` are carried out, but their answer is lost (the connection drops). */
    dropAnswer(count: number, path: string): void;
  };
  /** Requests received, by path (hung ones included). */
  count(path: string, method?: string): number;
  close(): Promise<void>;
}

export function svixSignForEmulator(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const t = String(Math.floor(at.getTime() / 1000));
  const sig = crypto.createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64');
  return { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': t, 'svix-signature': `v1,${sig}` };
}

export async function startDotsEmulator(opts: DotsEmulatorOptions): Promise<DotsEmulator> {
  const users = new Map<string, EmulatedDotsUser>();
  const checkouts = new Map<string, EmulatedCheckout>();
  const intents = new Map<string, EmulatedIntent>();
  const payouts = new Map<string, EmulatedPayout>();
  const transfers: EmulatedTransfer[] = [];
  const transferPatches = new Map<string, Record<string, unknown>>();
  const keys = new Map<string, EmulatedTransfer>();
  const deliveries: WebhookDelivery[] = [];
  const log: DotsRequestLogEntry[] = [];
  const appWallet = { amount: 0 };
  const hung = new Set<http.ServerResponse>();
  const switches: DotsSwitches = { ...DEFAULT_SWITCHES };
  let webhookUrl = opts.webhookUrl ?? '';
  let payoutBehaviour: PayoutBehaviour = 'complete';
  let verifyRefusal: VerifyRefusalBody = 'message';
  const fault = {
    slowMs: 0,
    slowPath: undefined as string | undefined,
    fail: 0,
    failPath: undefined as string | undefined,
    hang: false,
    hangPath: undefined as string | undefined,
    drop: 0,
    dropPath: '',
  };
  const expectedAuth = `Basic ${Buffer.from(`${opts.clientId}:${opts.apiKey}`).toString('base64')}`;
  let url = '';
  const now = () => new Date().toISOString();

  // The status each request was answered with, even when the caller had already given up.
  const entries = new WeakMap<http.ServerResponse, DotsRequestLogEntry>();
  const answer = (res: http.ServerResponse, status: number, body?: unknown) => {
    const entry = entries.get(res);
    if (entry) {
      entry.status = status;
      entry.answer = body;
    }
    if (entry && fault.drop > 0 && entry.path === fault.dropPath) {
      // Done at Dots, but the answer never reaches the caller.
      fault.drop--;
      res.destroy();
      return;
    }
    if (body === undefined) res.writeHead(status).end();
    else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
  const userJson = (u: EmulatedDotsUser) => ({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone_number: { country_code: u.countryCode, phone_number: u.phoneNumber },
    wallet: { amount: u.wallet, withdrawable_amount: u.wallet, credit_balance: 0 },
  });
  const transferJson = (t: EmulatedTransfer) => ({ ...t, ...transferPatches.get(t.id) });
  const sessionJson = (c: EmulatedCheckout) => ({
    id: c.id,
    status: c.status,
    payment_intent_id: c.intentId,
    success_url: c.body.success_url,
    ...(typeof c.body.cancel_url === 'string' ? { cancel_url: c.body.cancel_url } : {}),
    checkout_session_url: c.url,
    ...(typeof c.body.client_reference_id === 'string' ? { client_reference_id: c.body.client_reference_id } : {}),
    expiry: new Date(Date.parse(c.created) + Number(c.body.expires_in ?? 10_800) * 1000).toISOString(),
    ...(c.body.metadata ? { metadata: c.body.metadata } : {}),
    line_items: [{ quantity: 1, price_id: `price_${c.id}` }],
    created: c.created,
    updated: now(),
    amount_total: c.amount,
  });
  const intentPatches = new Map<string, Record<string, unknown>>();
  const intentJson = (i: EmulatedIntent) => ({
    id: i.id,
    amount: i.amount,
    currency: 'usd',
    user_id: i.userId,
    status: i.status,
    ...(i.transferId ? { transfer_id: i.transferId } : {}),
    ...intentPatches.get(i.id),
  });

  async function post(target: string, raw: string, headers: Record<string, string>): Promise<WebhookDelivery> {
    let status: number;
    try {
      status = (await fetch(target, { method: 'POST', headers, body: raw })).status;
    } catch {
      status = -1; // the merchant was unreachable
    }
    const d = { raw, headers, status };
    deliveries.push(d);
    return d;
  }
  async function sendWebhook(body: unknown, o: { secret?: string; at?: Date; id?: string } = {}) {
    if (!webhookUrl) throw new Error('no webhook URL set');
    const raw = JSON.stringify(body);
    return sendSigned(raw, o);
  }
  function sendSigned(raw: string, o: { secret?: string; at?: Date; id?: string } = {}) {
    const id = o.id ?? `msg_${crypto.randomBytes(12).toString('hex')}`;
    return post(webhookUrl, raw, svixSignForEmulator(o.secret ?? opts.webhookSecret, id, o.at ?? new Date(), raw));
  }
  const transferEvent = (t: EmulatedTransfer) => sendWebhook({ event: 'transfer.updated', transfer_id: t.id });
  const intentEvent = (i: EmulatedIntent) => sendWebhook({ event: 'payment_intent.updated', payment_intent_id: i.id });

  function newTransfer(t: Omit<EmulatedTransfer, 'id' | 'created'>): EmulatedTransfer {
    const rec: EmulatedTransfer = { id: crypto.randomUUID(), created: now(), ...t };
    transfers.push(rec);
    return rec;
  }

  async function answerPayout(p: EmulatedPayout, outcome: 'completed' | 'failed'): Promise<WebhookDelivery> {
    p.status = outcome;
    const t = transfers.find((x) => x.id === p.id)!;
    t.status = outcome;
    const u = users.get(p.userId)!;
    if (outcome === 'completed') {
      u.wallet -= p.amount; // out of the user's Dots wallet to their bank
    } else if (switches.failedPayoutFunds === 'app') {
      u.wallet -= p.amount;
      appWallet.amount += p.amount;
    } // 'user': the money stays in the user's Dots wallet
    return transferEvent(t);
  }

  /** A reused idempotency key, answered as the switch says. */
  function reused(res: http.ServerResponse, first: EmulatedTransfer, created: number): void {
    const message = { message: 'A transfer with this idempotency key already exists.' };
    if (switches.reusedKey === 'conflict-409') return answer(res, 409, message);
    if (switches.reusedKey === 'bad-request-400') return answer(res, 400, message);
    if (switches.reusedKey === 'unprocessable-422') return answer(res, 422, message);
    return answer(res, created, transferJson(first));
  }

  function api(
    method: string,
    path: string,
    body: Record<string, unknown>,
    res: http.ServerResponse,
    q: URLSearchParams,
  ) {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/api/v2/users') {
      if (!/^\d+$/.test(body.phone_number as string)) return answer(res, 400, { message: 'Invalid phone number' });
      // Dots: "a dots user will be created if one does not exist based on phone number".
      let u = [...users.values()].find(
        (x) => x.phoneNumber === body.phone_number && x.countryCode === body.country_code,
      );
      if (!u) {
        u = {
          id: crypto.randomUUID(),
          email: body.email as string,
          countryCode: body.country_code as string,
          phoneNumber: body.phone_number as string,
          firstName: body.first_name as string,
          lastName: body.last_name as string,
          username: typeof body.username === 'string' ? body.username : null,
          verified: false,
          smsCode: null,
          smsCount: 0,
          codeChannels: [],
          wallet: 0,
        };
        users.set(u.id, u);
      }
      return answer(res, 200, userJson(u));
    }
    if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/send-verification-token$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      if (!u) return answer(res, 404, { message: 'User not found' });
      u.smsCode = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      u.smsCount++;
      u.codeChannels.push(body.use_voice === true ? 'voice' : 'sms');
      return answer(res, 202);
    }
    if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/verify$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      if (!u) return answer(res, 404, { message: 'User not found' });
      if (!u.smsCode || body.token !== u.smsCode) {
        return verifyRefusal === 'empty' ? answer(res, 400) : answer(res, 400, { [verifyRefusal]: WRONG_CODE_TEXT });
      }
      u.verified = true;
      u.smsCode = null;
      return answer(res, 200);
    }
    if (method === 'GET' && (m = /^\/api\/v2\/users\/([^/]+)$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      return u ? answer(res, 200, userJson(u)) : answer(res, 404, { message: 'User not found' });
    }
    if (method === 'POST' && path === '/api/v2/checkout-sessions') {
      const u = users.get(String(body.user_id));
      if (!u?.verified) return answer(res, 400, { message: 'User is not verified' });
      const items = body.line_items as { price_data: { amount: number }; quantity: number }[];
      const amount = items.reduce((sum, i) => sum + i.price_data.amount * i.quantity, 0);
      if (!isCents(amount)) return answer(res, 400, { message: 'Invalid amount' });
      const id = crypto.randomUUID();
      const intent: EmulatedIntent = {
        id: crypto.randomUUID(),
        amount,
        userId: u.id,
        status: 'requires_payment_method',
      };
      intents.set(intent.id, intent);
      const c: EmulatedCheckout = {
        id,
        userId: u.id,
        amount,
        reference: typeof body.client_reference_id === 'string' ? body.client_reference_id : '',
        url: `${url}/checkout/${id}`,
        status: 'open',
        intentId: intent.id,
        body,
        created: now(),
      };
      checkouts.set(id, c);
      return answer(res, 200, sessionJson(c));
    }
    if (method === 'GET' && (m = /^\/api\/v2\/checkout-sessions\/([^/]+)$/.exec(path))) {
      const c = checkouts.get(decodeURIComponent(m[1]!));
      return c ? answer(res, 200, sessionJson(c)) : answer(res, 404, { message: 'Not found' });
    }
    if (method === 'GET' && (m = /^\/api\/v2\/payment-intents\/([^/]+)$/.exec(path))) {
      const i = intents.get(decodeURIComponent(m[1]!));
      return i ? answer(res, 200, intentJson(i)) : answer(res, 404);
    }
    if (method === 'POST' && path === '/api/v2/flows') {
      const u = users.get(String(body.user_id));
      if (!u) return answer(res, 404, { message: 'User not found' });
      const id = crypto.randomUUID();
      const steps = (body.steps as unknown[]).map((s) => (typeof s === 'string' ? s : (s as { name: string }).name));
      return answer(res, 200, {
        id,
        created: now(),
        user_id: u.id,
        steps,
        completed_steps: [],
        link: `${url}/flow/${id}`,
      });
    }
    if (method === 'POST' && path === '/api/v2/payouts') {
      const u = users.get(String(body.user_id));
      if (!u?.verified) return answer(res, 400, { message: 'User is not verified' });
      if (!isCents(body.amount)) return answer(res, 400, { message: 'amount must be a positive integer of cents' });
      const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
      const first = key ? keys.get(key) : undefined;
      // Dots: "Transfers with existing idempotency keys will be rejected."
      if (first) return reused(res, first, 201);
      const meta = (body.metadata ?? {}) as Record<string, unknown>;
      if (body.fund === true) {
        appWallet.amount -= body.amount;
        u.wallet += body.amount;
      }
      const t = newTransfer({
        user_id: u.id,
        type: 'payout',
        status: 'pending',
        amount: body.amount,
        ...(switches.payoutMetadata === 'kept' ? { metadata: meta } : {}),
      });
      if (key) keys.set(key, t);
      const p: EmulatedPayout = {
        id: t.id,
        userId: u.id,
        amount: body.amount,
        reference: typeof meta.reference === 'string' ? meta.reference : '',
        idempotencyKey: key,
        status: 'pending',
      };
      payouts.set(p.id, p);
      answer(res, 201, transferJson(t));
      // Dots answers the payout later, by webhook.
      if (payoutBehaviour !== 'pending') {
        setTimeout(() => void answerPayout(p, payoutBehaviour === 'complete' ? 'completed' : 'failed'), 20);
      }
      return;
    }
    if (method === 'POST' && path === '/api/v2/transfers') {
      const u = users.get(String(body.user_id));
      if (!u) return answer(res, 404, { message: 'User not found' });
      const amount = body.amount as number;
      const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
      const first = key ? keys.get(key) : undefined;
      if (first) return reused(res, first, 200);
      // Positive: user -> app; negative: app -> user ("Negative amount transfers money from the app to the user").
      if (amount > 0 && u.wallet < amount) return answer(res, 400, { message: 'Insufficient funds' });
      u.wallet -= amount;
      appWallet.amount += amount;
      const t = newTransfer({
        user_id: u.id,
        type: 'balance',
        status: 'completed',
        amount: Math.abs(amount),
        ...(body.metadata ? { metadata: body.metadata as Record<string, unknown> } : {}),
      });
      if (key) keys.set(key, t);
      return answer(res, 200, transferJson(t));
    }
    if (method === 'GET' && path === '/api/v2/transfers') {
      for (const k of q.keys()) if (!LIST_TRANSFERS_QUERY.has(k)) return answer(res, 400, { message: `unknown ${k}` });
      const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 10)));
      let list = [...transfers].reverse().filter((t) => !q.get('user_id') || t.user_id === q.get('user_id'));
      const after = q.get('starting_after');
      if (after) list = list.slice(list.findIndex((t) => t.id === after) + 1);
      return answer(res, 200, { has_more: list.length > limit, data: list.slice(0, limit).map(transferJson) });
    }
    if (method === 'GET' && (m = /^\/api\/v2\/apps\/([^/]+)$/.exec(path))) {
      if (decodeURIComponent(m[1]!) !== (opts.appId ?? 'app')) return answer(res, 404);
      const cents = appWallet.amount;
      const sign = cents < 0 ? '-' : '';
      const abs = Math.abs(cents);
      const balance =
        switches.appBalance === 'cents'
          ? String(cents)
          : `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
      return answer(res, 200, {
        id: opts.appId ?? 'app',
        name: 'Rush',
        metrics: { wallet_balance: balance, money_out: '0', connected_users: users.size },
      });
    }
    if (method === 'GET' && (m = /^\/api\/v2\/transfers\/([^/]+)$/.exec(path))) {
      const t = transfers.find((x) => x.id === decodeURIComponent(m![1]!));
      return t ? answer(res, 200, transferJson(t)) : answer(res, 404, { message: 'Transfer not found' });
    }
    return answer(res, 404, { message: 'Not found' });
  }

  /**
   * The payer's side of a checkout session's hosted page (what `checkout_session_url` opens in
   * the wallet's iframe), for the browser journeys: the amount, Pay, and the webhooks that follow.
   * Not part of the API (no credentials, not logged).
   */
  async function payerPage(method: string, path: string, res: http.ServerResponse): Promise<boolean> {
    const m = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (!m) return false;
    const c = checkouts.get(decodeURIComponent(m[1]!));
    const page = (body: string) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Dots checkout</title></head><body><main>${body}</main></body></html>`,
        );
    if (!c) {
      res.writeHead(404).end();
      return true;
    }
    const dollars = `$${(c.amount / 100).toFixed(2)}`;
    if (method === 'POST' && m[2]) {
      if (c.status === 'open') await emulator.payCheckout(c.reference);
      page(`<h1>Dots checkout</h1><p>Payment of ${dollars} received.</p>`);
      return true;
    }
    page(
      `<h1>Dots checkout</h1><p>Pay ${dollars}</p><form method="post" action="/checkout/${c.id}/pay"><button type="submit">Pay</button></form>`,
    );
    return true;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      if (await payerPage(method, u.pathname, res)) return;
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return answer(res, 400, { message: 'Invalid JSON' });
      }
      const authorized = req.headers.authorization === expectedAuth;
      const entry: DotsRequestLogEntry = {
        method,
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        status: 0,
        body,
        authorized,
      };
      log.push(entry);
      entries.set(res, entry);
      const on = (p: string | undefined) => p === undefined || p === u.pathname;
      if (fault.slowMs > 0 && on(fault.slowPath)) await new Promise((r) => setTimeout(r, fault.slowMs));
      if (fault.hang && on(fault.hangPath)) {
        hung.add(res);
        return;
      }
      if (fault.fail > 0 && on(fault.failPath)) {
        fault.fail--;
        return answer(res, 500, { message: 'Internal Server Error' });
      }
      if (!authorized) return answer(res, 401, { message: 'Unauthorized' });
      const call = publishedCall(method, u.pathname);
      if (!call) return answer(res, 404, { message: 'Not found' });
      // A body Dots does not publish (an invented field, a wrong type) is refused as Dots would.
      if (call.request && !call.request.safeParse(body).success) {
        return answer(res, 400, { message: `${call.name}: request does not match the published body` });
      }
      api(method, u.pathname, body, res, u.searchParams);
    })().catch((e: unknown) => answer(res, 500, { message: String(e) }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const checkoutOf = (reference: string) => {
    const c = [...checkouts.values()].find((x) => x.reference === reference);
    if (!c) throw new Error(`no checkout for ${reference}`);
    return c;
  };
  const paymentEvents = async (i: EmulatedIntent) => {
    const t = transfers.find((x) => x.id === i.transferId);
    return [await intentEvent(i), ...(t ? [await transferEvent(t)] : [])];
  };

  const emulator: DotsEmulator = {
    url,
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
      verifyRefusal = b;
    },
    checkoutByReference: (reference) => [...checkouts.values()].find((x) => x.reference === reference),
    intent: (id) => intents.get(id),
    payoutByReference: (reference) => [...payouts.values()].find((x) => x.reference === reference),
    payouts: () => [...payouts.values()],
    transfer: (id) => transfers.find((x) => x.id === id),
    transfers: () => [...transfers],
    patchTransfer: (id, patch) => transferPatches.set(id, patch),
    patchIntent: (id, patch) => intentPatches.set(id, patch),
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    async payCheckout(reference) {
      const c = checkoutOf(reference);
      if (c.status !== 'open') throw new Error(`checkout ${reference} is ${c.status}`);
      c.status = 'complete';
      const i = intents.get(c.intentId)!;
      i.status = 'succeeded';
      const t = newTransfer({ user_id: c.userId, status: switches.paymentTransfer, amount: c.amount });
      i.transferId = t.id;
      if (t.status === 'completed') appWallet.amount += c.amount;
      return paymentEvents(i);
    },
    async failCheckout(reference) {
      const c = checkoutOf(reference);
      const i = intents.get(c.intentId)!;
      i.status = 'failed';
      return [await intentEvent(i)];
    },
    expireCheckout(reference) {
      const c = checkoutOf(reference);
      if (c.status === 'open') c.status = 'expired';
    },
    async settlePayment(reference) {
      const i = intents.get(checkoutOf(reference).intentId)!;
      const t = transfers.find((x) => x.id === i.transferId)!;
      t.status = 'completed';
      appWallet.amount += t.amount;
      return paymentEvents(i);
    },
    async reverseCheckout(reference) {
      const c = checkoutOf(reference);
      const i = intents.get(c.intentId)!;
      const t = transfers.find((x) => x.id === i.transferId)!;
      if (t.status === 'completed') appWallet.amount -= t.amount;
      t.status = switches.reversal;
      return [await transferEvent(t)];
    },
    setPayouts: (b) => {
      payoutBehaviour = b;
    },
    async settlePayout(reference, outcome) {
      const p = [...payouts.values()].find((x) => x.reference === reference);
      if (!p || p.status !== 'pending') throw new Error(`no pending payout for ${reference}`);
      return answerPayout(p, outcome);
    },
    sendWebhook,
    sendRaw: (raw) => sendSigned(raw),
    redeliver: (d) => post(webhookUrl, d.raw, d.headers),
    deliveries,
    log,
    appWallet,
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
  return emulator;
}
