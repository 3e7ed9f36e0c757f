import crypto from 'node:crypto';
import type http from 'node:http';
import { answer, intentJson, isCents, sessionJson } from './answers.ts';
import { now, newTransfer, type DotsState } from './state.ts';
import type { EmulatedCheckout, EmulatedIntent, WebhookDelivery } from './types.ts';
import { intentEvent, transferEvent } from './webhooks.ts';

/**
 * Deposits and the withdraw page (docs.dots.dev, "Checkout Sessions", "Payment Intents", "Flows"):
 *   POST /api/v2/checkout-sessions, GET .../{id}      the deposit's hosted page, with its payment intent
 *   GET  /api/v2/payment-intents/{id}                 the payment behind a checkout
 *   POST /api/v2/flows                                the withdraw-money (manage-payouts) page
 * and the payer's side the tests drive: pay, fail, expire, settle (ACH), reverse, each followed
 * by its payment_intent.updated and transfer.updated webhooks.
 */

export function createCheckout(st: DotsState, body: Record<string, unknown>, res: http.ServerResponse): void {
  const u = st.users.get(String(body.user_id));
  if (!u?.verified) return answer(st, res, 400, { message: 'User is not verified' });
  const items = body.line_items as { price_data: { amount: number }; quantity: number }[];
  const amount = items.reduce((sum, i) => sum + i.price_data.amount * i.quantity, 0);
  if (!isCents(amount)) return answer(st, res, 400, { message: 'Invalid amount' });
  const id = crypto.randomUUID();
  const intent: EmulatedIntent = {
    id: crypto.randomUUID(),
    amount,
    userId: u.id,
    status: 'requires_payment_method',
  };
  st.intents.set(intent.id, intent);
  const c: EmulatedCheckout = {
    id,
    userId: u.id,
    amount,
    reference: typeof body.client_reference_id === 'string' ? body.client_reference_id : '',
    url: `${st.url}/checkout/${id}`,
    status: 'open',
    intentId: intent.id,
    body,
    created: now(),
  };
  st.checkouts.set(id, c);
  return answer(st, res, 200, sessionJson(c));
}

export function getCheckout(st: DotsState, id: string, res: http.ServerResponse): void {
  const c = st.checkouts.get(id);
  return c ? answer(st, res, 200, sessionJson(c)) : answer(st, res, 404, { message: 'Not found' });
}

export function getIntent(st: DotsState, id: string, res: http.ServerResponse): void {
  const i = st.intents.get(id);
  return i ? answer(st, res, 200, intentJson(st, i)) : answer(st, res, 404);
}

export function createFlow(st: DotsState, body: Record<string, unknown>, res: http.ServerResponse): void {
  const u = st.users.get(String(body.user_id));
  if (!u) return answer(st, res, 404, { message: 'User not found' });
  const id = crypto.randomUUID();
  const steps = (body.steps as unknown[]).map((s) => (typeof s === 'string' ? s : (s as { name: string }).name));
  return answer(st, res, 200, {
    id,
    created: now(),
    user_id: u.id,
    steps,
    completed_steps: [],
    link: `${st.url}/flow/${id}`,
  });
}

// ---- the payer's side (driven by the tests) ----------------------------------------------------

const checkoutOf = (st: DotsState, reference: string) => {
  const c = [...st.checkouts.values()].find((x) => x.reference === reference);
  if (!c) throw new Error(`no checkout for ${reference}`);
  return c;
};

const paymentEvents = async (st: DotsState, i: EmulatedIntent) => {
  const t = st.transfers.find((x) => x.id === i.transferId);
  return [await intentEvent(st, i), ...(t ? [await transferEvent(st, t)] : [])];
};

export async function payCheckout(st: DotsState, reference: string): Promise<WebhookDelivery[]> {
  const c = checkoutOf(st, reference);
  if (c.status !== 'open') throw new Error(`checkout ${reference} is ${c.status}`);
  c.status = 'complete';
  const i = st.intents.get(c.intentId)!;
  i.status = 'succeeded';
  const t = newTransfer(st, { user_id: c.userId, status: st.switches.paymentTransfer, amount: c.amount });
  i.transferId = t.id;
  if (t.status === 'completed') st.appWallet.amount += c.amount;
  return paymentEvents(st, i);
}

export async function failCheckout(st: DotsState, reference: string): Promise<WebhookDelivery[]> {
  const c = checkoutOf(st, reference);
  const i = st.intents.get(c.intentId)!;
  i.status = 'failed';
  return [await intentEvent(st, i)];
}

export function expireCheckout(st: DotsState, reference: string): void {
  const c = checkoutOf(st, reference);
  if (c.status === 'open') c.status = 'expired';
}

export async function settlePayment(st: DotsState, reference: string): Promise<WebhookDelivery[]> {
  const i = st.intents.get(checkoutOf(st, reference).intentId)!;
  const t = st.transfers.find((x) => x.id === i.transferId)!;
  t.status = 'completed';
  st.appWallet.amount += t.amount;
  return paymentEvents(st, i);
}

export async function reverseCheckout(st: DotsState, reference: string): Promise<WebhookDelivery[]> {
  const c = checkoutOf(st, reference);
  const i = st.intents.get(c.intentId)!;
  const t = st.transfers.find((x) => x.id === i.transferId)!;
  if (t.status === 'completed') st.appWallet.amount -= t.amount;
  t.status = st.switches.reversal;
  return [await transferEvent(st, t)];
}
