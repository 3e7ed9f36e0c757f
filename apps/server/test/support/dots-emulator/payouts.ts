import type http from 'node:http';
import { answer, isCents, transferJson } from './answers.ts';
import { newTransfer, type DotsState } from './state.ts';
import { reused } from './transfers.ts';
import type { EmulatedPayout, WebhookDelivery } from './types.ts';
import { transferEvent } from './webhooks.ts';

/**
 * Payouts (docs.dots.dev, "Create a Payout"): POST /api/v2/payouts answers 201 with a Transfer
 * of type payout; with `fund: true` the app's wallet funds it first. The bank answers later
 * (complete, fail, or stays pending, as the test sets), by a transfer.updated webhook; where a
 * failed payout's money goes and whether its metadata is kept are switches (switches.ts).
 */

export function createPayout(st: DotsState, body: Record<string, unknown>, res: http.ServerResponse): void {
  const u = st.users.get(String(body.user_id));
  if (!u?.verified) return answer(st, res, 400, { message: 'User is not verified' });
  if (!isCents(body.amount)) return answer(st, res, 400, { message: 'amount must be a positive integer of cents' });
  const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : '';
  const first = key ? st.keys.get(key) : undefined;
  // Dots: "Transfers with existing idempotency keys will be rejected."
  if (first) return reused(st, res, first, 201);
  const meta = (body.metadata ?? {}) as Record<string, unknown>;
  if (body.fund === true) {
    st.appWallet.amount -= body.amount;
    u.wallet += body.amount;
  }
  const t = newTransfer(st, {
    user_id: u.id,
    type: 'payout',
    status: 'pending',
    amount: body.amount,
    ...(st.switches.payoutMetadata === 'kept' ? { metadata: meta } : {}),
  });
  if (key) st.keys.set(key, t);
  const p: EmulatedPayout = {
    id: t.id,
    userId: u.id,
    amount: body.amount,
    reference: typeof meta.reference === 'string' ? meta.reference : '',
    idempotencyKey: key,
    status: 'pending',
  };
  st.payouts.set(p.id, p);
  answer(st, res, 201, transferJson(st, t));
  // Dots answers the payout later, by webhook.
  if (st.payoutBehaviour !== 'pending') {
    setTimeout(() => void answerPayout(st, p, st.payoutBehaviour === 'complete' ? 'completed' : 'failed'), 20);
  }
}

/** The bank's answer to a payout, and its transfer.updated webhook. */
export async function answerPayout(
  st: DotsState,
  p: EmulatedPayout,
  outcome: 'completed' | 'failed',
): Promise<WebhookDelivery> {
  p.status = outcome;
  const t = st.transfers.find((x) => x.id === p.id)!;
  t.status = outcome;
  const u = st.users.get(p.userId)!;
  if (outcome === 'completed') {
    u.wallet -= p.amount; // out of the user's Dots wallet to their bank
  } else if (st.switches.failedPayoutFunds === 'app') {
    u.wallet -= p.amount;
    st.appWallet.amount += p.amount;
  } // 'user': the money stays in the user's Dots wallet
  return transferEvent(st, t);
}
