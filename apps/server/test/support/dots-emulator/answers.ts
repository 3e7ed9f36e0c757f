import type http from 'node:http';
import { now, type DotsState } from './state.ts';
import type { EmulatedCheckout, EmulatedDotsUser, EmulatedIntent, EmulatedTransfer } from './types.ts';

/**
 * How the Dots emulator answers: the status and body written to the request log, the dropAnswer
 * fault (done at Dots, the answer lost), and the JSON of a User, Transfer, Checkout Session and
 * Payment Intent as Dots' API reference (docs.dots.dev) writes them; the conformance test checks
 * each against published-api.ts.
 */

export function answer(st: DotsState, res: http.ServerResponse, status: number, body?: unknown): void {
  const entry = st.entries.get(res);
  if (entry) {
    entry.status = status;
    entry.answer = body;
  }
  if (entry && st.fault.drop > 0 && entry.path === st.fault.dropPath) {
    // Done at Dots, but the answer never reaches the caller.
    st.fault.drop--;
    res.destroy();
    return;
  }
  if (body === undefined) res.writeHead(status).end();
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export const userJson = (u: EmulatedDotsUser) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  phone_number: { country_code: u.countryCode, phone_number: u.phoneNumber },
  wallet: { amount: u.wallet, withdrawable_amount: u.wallet, credit_balance: 0 },
});

export const transferJson = (st: DotsState, t: EmulatedTransfer) => ({ ...t, ...st.transferPatches.get(t.id) });

export const sessionJson = (c: EmulatedCheckout) => ({
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

export const intentJson = (st: DotsState, i: EmulatedIntent) => ({
  id: i.id,
  amount: i.amount,
  currency: 'usd',
  user_id: i.userId,
  status: i.status,
  ...(i.transferId ? { transfer_id: i.transferId } : {}),
  ...st.intentPatches.get(i.id),
});
