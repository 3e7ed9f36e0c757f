import crypto from 'node:crypto';
import type { DotsState } from './state.ts';
import type { EmulatedIntent, EmulatedTransfer, WebhookDelivery } from './types.ts';

/**
 * Dots' webhooks ("Webhooks" page of docs.dots.dev: an event naming one object, PUBLISHED_EVENTS
 * in published-api.ts), signed the Svix way by this file's own code, so that the client's
 * verifier is checked against an independent signer; each delivery is kept with its answer.
 */

export function svixSignForEmulator(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const t = String(Math.floor(at.getTime() / 1000));
  const sig = crypto.createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64');
  return { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': t, 'svix-signature': `v1,${sig}` };
}

export interface SignOptions {
  secret?: string;
  at?: Date;
  id?: string;
}

/** Posts bytes as they are (a first delivery, or a replay of one). */
export async function post(
  st: DotsState,
  target: string,
  raw: string,
  headers: Record<string, string>,
): Promise<WebhookDelivery> {
  let status: number;
  try {
    status = (await fetch(target, { method: 'POST', headers, body: raw })).status;
  } catch {
    status = -1; // the merchant was unreachable
  }
  const d = { raw, headers, status };
  st.deliveries.push(d);
  return d;
}

export async function sendWebhook(st: DotsState, body: unknown, o: SignOptions = {}): Promise<WebhookDelivery> {
  if (!st.webhookUrl) throw new Error('no webhook URL set');
  const raw = JSON.stringify(body);
  return sendSigned(st, raw, o);
}

export function sendSigned(st: DotsState, raw: string, o: SignOptions = {}): Promise<WebhookDelivery> {
  const id = o.id ?? `msg_${crypto.randomBytes(12).toString('hex')}`;
  return post(
    st,
    st.webhookUrl,
    raw,
    svixSignForEmulator(o.secret ?? st.opts.webhookSecret, id, o.at ?? new Date(), raw),
  );
}

export const transferEvent = (st: DotsState, t: EmulatedTransfer): Promise<WebhookDelivery> =>
  sendWebhook(st, { event: 'transfer.updated', transfer_id: t.id });
export const intentEvent = (st: DotsState, i: EmulatedIntent): Promise<WebhookDelivery> =>
  sendWebhook(st, { event: 'payment_intent.updated', payment_intent_id: i.id });
