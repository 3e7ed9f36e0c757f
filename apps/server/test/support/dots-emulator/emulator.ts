import crypto from 'node:crypto';
import http from 'node:http';
import { readBody } from '../read-body.ts';

/**
 * A local emulator of the Dots API endpoints our client uses (apps/server/src/modules/wallet/
 * payments/dots/wire.ts names each with its documentation source), for tests only; DOTS_URL
 * never defaults to it.
 *
 *   POST /api/v2/users                              create (or find by phone) -> user {id, ...}
 *   POST /api/v2/users/{id}/send-verification-token {use_voice?}: texts or calls a 6-digit code (visible to the test), 202
 *   POST /api/v2/users/{id}/verify                  {token} -> 200 without a body, or 400
 *   GET  /api/v2/users/{id}                         user with wallet {amount, withdrawable_amount, credit_balance} (cents)
 *   POST /api/users/wallet/refill                   add-money link for {user_id, amount, metadata.reference, idempotency_key}
 *   POST /api/v2/flows                              {steps, user_id} -> {id, link}
 *   POST /api/v2/payouts                            {user_id, amount, platform, fund, idempotency_key, metadata} -> payout
 *   GET  /api/v2/transfers/{id}                     the transfer a webhook names
 *
 * Every call needs HTTP Basic with the configured client id and API key. The test completes
 * checkouts, and payouts complete, fail or stay pending as it chooses; each outcome becomes a
 * transfer and a `transfer.updated` webhook signed the Svix way (its own implementation, so the
 * client's verifier is checked against an independent signer). Fault switches: slow answers,
 * 500s, and requests that hang until the emulator closes.
 */

export interface DotsEmulatorOptions {
  clientId: string;
  apiKey: string;
  /** The Svix secret, `whsec_<base64>`. */
  webhookSecret: string;
  /** Where webhooks go (settable later with setWebhookUrl). */
  webhookUrl?: string;
}

export interface EmulatedDotsUser {
  id: string;
  email: string;
  countryCode: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  username: string | null;
  verified: boolean;
  /** The last SMS code texted (null before any). */
  smsCode: string | null;
  smsCount: number;
  /** How each code went out: `sms`, or `voice` for a call. */
  codeChannels: ('sms' | 'voice')[];
  wallet: number;
}

export interface EmulatedTransfer {
  id: string;
  user_id: string;
  type: 'payment' | 'payout';
  status: 'created' | 'pending' | 'failed' | 'completed' | 'reversed' | 'canceled' | 'flagged';
  amount: number | string;
  metadata: Record<string, unknown>;
}

export interface EmulatedCheckout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  link: string;
  status: 'open' | 'paid' | 'failed';
}

export interface EmulatedPayout {
  id: string;
  userId: string;
  amount: number;
  reference: string;
  idempotencyKey: string;
  status: 'created' | 'completed' | 'failed';
}

export interface WebhookDelivery {
  raw: string;
  headers: Record<string, string>;
  status: number;
}

export interface DotsRequestLogEntry {
  method: string;
  path: string;
  /** 0 until answered (a hung request stays 0). */
  status: number;
  body: unknown;
  authorized: boolean;
}

export type PayoutBehaviour = 'complete' | 'fail' | 'pending';

/** The body of a refused verify: Dots publishes the 400 but not its body, so each plausible one. */
export type VerifyRefusalBody = 'message' | 'error' | 'detail' | 'empty';
export const WRONG_CODE_TEXT = 'The verification code you entered is incorrect.';

export interface DotsEmulator {
  readonly url: string;
  user(id: string): EmulatedDotsUser | undefined;
  userByPhone(phone: string): EmulatedDotsUser | undefined;
  /** The SMS code last texted to this verification (the test reads the phone). */
  smsCode(verificationId: string): string | null;
  setWallet(userId: string, cents: number): void;
  checkoutByReference(reference: string): EmulatedCheckout | undefined;
  payoutByReference(reference: string): EmulatedPayout | undefined;
  payouts(): EmulatedPayout[];
  transfer(id: string): EmulatedTransfer | undefined;
  /** Overrides what GET /transfers/{id} answers (a provider answering a non-integer amount). */
  patchTransfer(id: string, patch: Partial<EmulatedTransfer>): void;
  setWebhookUrl(url: string): void;
  /** What a refused verify answers (default `{message}`). */
  setVerifyRefusal(body: VerifyRefusalBody): void;
  /** The payer finishes the add-money page: a payment transfer, then its signed webhook. */
  completeCheckout(reference: string, outcome?: 'paid' | 'failed'): Promise<WebhookDelivery>;
  /** What new payouts do: complete or fail (each with its webhook) or stay pending. */
  setPayouts(behaviour: PayoutBehaviour): void;
  /** Answers a pending payout now. */
  settlePayout(reference: string, outcome: 'completed' | 'failed'): Promise<WebhookDelivery>;
  /** Sends a webhook signed with `secret` (default the real one) at `at` (default now). */
  sendWebhook(body: unknown, options?: { secret?: string; at?: Date; id?: string }): Promise<WebhookDelivery>;
  /** Re-posts a delivery exactly as it was (a replay). */
  redeliver(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  readonly deliveries: WebhookDelivery[];
  readonly log: DotsRequestLogEntry[];
  readonly appWallet: { amount: number };
  readonly faults: {
    /** Every answer waits this long first (0: off). */
    slow(ms: number): void;
    /** The next `count` requests (to `path` only, when given) answer 500. */
    fail(count?: number, path?: string): void;
    /** Requests (to `path` only, when given) never answer while on. */
    hang(on: boolean, path?: string): void;
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
  const checkoutsByKey = new Map<string, EmulatedCheckout>();
  const payouts = new Map<string, EmulatedPayout>();
  const transfers = new Map<string, EmulatedTransfer>();
  const transferPatches = new Map<string, Partial<EmulatedTransfer>>();
  const deliveries: WebhookDelivery[] = [];
  const log: DotsRequestLogEntry[] = [];
  const appWallet = { amount: 0 };
  const hung = new Set<http.ServerResponse>();
  let webhookUrl = opts.webhookUrl ?? '';
  let payoutBehaviour: PayoutBehaviour = 'complete';
  const fault = {
    slowMs: 0,
    fail: 0,
    failPath: undefined as string | undefined,
    hang: false,
    hangPath: undefined as string | undefined,
  };
  const expectedAuth = `Basic ${Buffer.from(`${opts.clientId}:${opts.apiKey}`).toString('base64')}`;
  let url = '';

  // The status each request was answered with, even when the caller had already given up.
  const entries = new WeakMap<http.ServerResponse, DotsRequestLogEntry>();
  const empty = (res: http.ServerResponse, status: number) => {
    const entry = entries.get(res);
    if (entry) entry.status = status;
    res.writeHead(status).end();
  };
  let verifyRefusal: VerifyRefusalBody = 'message';
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    const entry = entries.get(res);
    if (entry) entry.status = status;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
  const userJson = (u: EmulatedDotsUser) => ({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    username: u.username,
    phone_number: { country_code: u.countryCode, phone_number: u.phoneNumber },
    wallet: { amount: u.wallet, withdrawable_amount: u.wallet, credit_balance: 0 },
  });
  const transferJson = (t: EmulatedTransfer) => ({ ...t, ...transferPatches.get(t.id) });

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
    const id = o.id ?? `msg_${crypto.randomBytes(12).toString('hex')}`;
    return post(webhookUrl, raw, svixSignForEmulator(o.secret ?? opts.webhookSecret, id, o.at ?? new Date(), raw));
  }
  const transferWebhook = (t: EmulatedTransfer) => sendWebhook({ event: 'transfer.updated', transfer_id: t.id });

  function newTransfer(t: Omit<EmulatedTransfer, 'id'>): EmulatedTransfer {
    const rec = { id: crypto.randomUUID(), ...t };
    transfers.set(rec.id, rec);
    return rec;
  }

  async function answerPayout(p: EmulatedPayout, outcome: 'completed' | 'failed'): Promise<WebhookDelivery> {
    p.status = outcome;
    if (outcome === 'failed') appWallet.amount += p.amount; // `fund`: returned when the payout fails
    const t = newTransfer({
      user_id: p.userId,
      type: 'payout',
      status: outcome,
      amount: p.amount,
      metadata: { reference: p.reference, amount: payoutAsked.get(p.id) },
    });
    return transferWebhook(t);
  }
  const payoutAsked = new Map<string, unknown>();

  function api(method: string, path: string, body: Record<string, unknown>, res: http.ServerResponse): void {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/api/v2/users') {
      for (const f of ['email', 'country_code', 'phone_number', 'first_name', 'last_name']) {
        if (typeof body[f] !== 'string' || body[f] === '') return json(res, 400, { message: `${f} is required` });
      }
      if (!/^\d+$/.test(body.phone_number as string)) return json(res, 400, { message: 'Invalid phone number' });
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
      return json(res, 200, userJson(u));
    }
    if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/send-verification-token$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      if (!u) return json(res, 404, { message: 'User not found' });
      u.smsCode = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      u.smsCount++;
      // Published: use_voice "Defaults to false which sends token via SMS. Set true to receive via call instead."
      u.codeChannels.push(body.use_voice === true ? 'voice' : 'sms');
      return empty(res, 202);
    }
    if (method === 'POST' && (m = /^\/api\/v2\/users\/([^/]+)\/verify$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      if (!u) return json(res, 404, { message: 'User not found' });
      // Published: 200 (no body) or 400 (no body schema): each plausible 400 body is a switch.
      if (typeof body.token !== 'string' || !u.smsCode || body.token !== u.smsCode) {
        return verifyRefusal === 'empty' ? empty(res, 400) : json(res, 400, { [verifyRefusal]: WRONG_CODE_TEXT });
      }
      u.verified = true;
      u.smsCode = null;
      return empty(res, 200);
    }
    if (method === 'GET' && (m = /^\/api\/v2\/users\/([^/]+)$/.exec(path))) {
      const u = users.get(decodeURIComponent(m[1]!));
      return u ? json(res, 200, userJson(u)) : json(res, 404, { message: 'User not found' });
    }
    if (method === 'POST' && path === '/api/users/wallet/refill') {
      const u = users.get(String(body.user_id));
      if (!u?.verified) return json(res, 400, { success: false, message: 'User is not verified' });
      const meta = body.metadata as { reference?: unknown } | undefined;
      if (!isCents(body.amount) || typeof meta?.reference !== 'string') {
        return json(res, 400, { success: false, message: 'amount and metadata.reference are required' });
      }
      const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
      const existing = key ? checkoutsByKey.get(key) : undefined;
      if (existing) return json(res, 200, { success: true, link: existing.link });
      const id = crypto.randomUUID();
      const c: EmulatedCheckout = {
        id,
        userId: u.id,
        amount: body.amount,
        reference: meta.reference,
        link: `${url}/refill/${id}`,
        status: 'open',
      };
      checkouts.set(id, c);
      if (key) checkoutsByKey.set(key, c);
      return json(res, 200, { success: true, link: c.link });
    }
    if (method === 'POST' && path === '/api/v2/flows') {
      const u = users.get(String(body.user_id));
      if (!u) return json(res, 404, { message: 'User not found' });
      const id = crypto.randomUUID();
      return json(res, 200, { id, user_id: u.id, steps: body.steps, completed_steps: [], link: `${url}/flow/${id}` });
    }
    if (method === 'POST' && path === '/api/v2/payouts') {
      const u = users.get(String(body.user_id));
      if (!u?.verified) return json(res, 400, { message: 'User is not verified' });
      if (!isCents(body.amount)) return json(res, 400, { message: 'amount must be a positive integer of cents' });
      const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
      // Dots: "Transfers with existing idempotency keys will be rejected."
      if ([...payouts.values()].some((p) => p.idempotencyKey === key)) {
        return json(res, 409, { message: 'A transfer with this idempotency key already exists.' });
      }
      const meta = (body.metadata ?? {}) as { reference?: unknown; amount?: unknown };
      const p: EmulatedPayout = {
        id: crypto.randomUUID(),
        userId: u.id,
        amount: body.amount,
        reference: typeof meta.reference === 'string' ? meta.reference : '',
        idempotencyKey: key,
        status: 'created',
      };
      payouts.set(p.id, p);
      payoutAsked.set(p.id, meta.amount);
      appWallet.amount -= p.amount;
      json(res, 200, { id: p.id, user_id: u.id, status: 'created', type: 'payout', amount: p.amount, metadata: meta });
      // Dots answers the payout later, by webhook.
      if (payoutBehaviour !== 'pending') {
        setTimeout(() => void answerPayout(p, payoutBehaviour === 'complete' ? 'completed' : 'failed'), 20);
      }
      return;
    }
    if (method === 'GET' && (m = /^\/api\/v2\/transfers\/([^/]+)$/.exec(path))) {
      const t = transfers.get(decodeURIComponent(m[1]!));
      return t ? json(res, 200, transferJson(t)) : json(res, 404, { message: 'Transfer not found' });
    }
    return json(res, 404, { message: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return json(res, 400, { message: 'Invalid JSON' });
      }
      const authorized = req.headers.authorization === expectedAuth;
      const entry: DotsRequestLogEntry = { method, path: u.pathname, status: 0, body, authorized };
      log.push(entry);
      entries.set(res, entry);
      if (fault.slowMs > 0) await new Promise((r) => setTimeout(r, fault.slowMs));
      if (fault.hang && (fault.hangPath === undefined || fault.hangPath === u.pathname)) {
        hung.add(res);
        return;
      }
      if (fault.fail > 0 && (fault.failPath === undefined || fault.failPath === u.pathname)) {
        fault.fail--;
        return json(res, 500, { message: 'Internal Server Error' });
      }
      if (!authorized) return json(res, 401, { message: 'Unauthorized' });
      api(method, u.pathname, body, res);
    })().catch((e: unknown) => json(res, 500, { message: String(e) }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const byReference = <T extends { reference: string }>(m: Map<string, T>, reference: string) =>
    [...m.values()].find((x) => x.reference === reference);

  return {
    url,
    user: (id) => users.get(id),
    userByPhone: (phone) => [...users.values()].find((u) => u.phoneNumber === phone),
    smsCode: (verificationId) => users.get(verificationId)?.smsCode ?? null,
    setWallet: (userId, cents) => {
      const u = users.get(userId);
      if (!u) throw new Error(`no Dots user ${userId}`);
      u.wallet = cents;
    },
    checkoutByReference: (reference) => byReference(checkouts, reference),
    payoutByReference: (reference) => byReference(payouts, reference),
    payouts: () => [...payouts.values()],
    transfer: (id) => transfers.get(id),
    patchTransfer: (id, patch) => transferPatches.set(id, patch),
    setWebhookUrl: (u) => {
      webhookUrl = u;
    },
    setVerifyRefusal: (b) => {
      verifyRefusal = b;
    },
    async completeCheckout(reference, outcome = 'paid') {
      const c = byReference(checkouts, reference);
      if (!c || c.status !== 'open') throw new Error(`no open checkout for ${reference}`);
      c.status = outcome;
      if (outcome === 'paid') appWallet.amount += c.amount;
      const t = newTransfer({
        user_id: c.userId,
        type: 'payment',
        status: outcome === 'paid' ? 'completed' : 'failed',
        amount: c.amount,
        metadata: { reference },
      });
      return transferWebhook(t);
    },
    setPayouts: (b) => {
      payoutBehaviour = b;
    },
    async settlePayout(reference, outcome) {
      const p = byReference(payouts, reference);
      if (!p || p.status !== 'created') throw new Error(`no pending payout for ${reference}`);
      return answerPayout(p, outcome);
    },
    sendWebhook,
    redeliver: (d) => post(webhookUrl, d.raw, d.headers),
    deliveries,
    log,
    appWallet,
    faults: {
      slow: (ms) => {
        fault.slowMs = ms;
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
    },
    count: (path, method) => log.filter((e) => e.path === path && (!method || e.method === method)).length,
    close: async () => {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
